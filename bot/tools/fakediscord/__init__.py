"""A local Discord for end-to-end tests and `gm bench --discord`: the REST API and the
gateway the bot uses, served by aiohttp on 127.0.0.1, with scripted users.

`server.FakeDiscord` is the server, `users.ScriptedUser` a person, `bots` runs the real bot
against it (in this process, or as `python -m bot run`), `autoplay` plays a table through
the components like players would.
"""
