from tests.cogs.conftest import ALICE, BOB


async def test_smoke(harness):
    r = await harness.invoke(ALICE, "game new", game="toy")
    print(r.text, r.callback_types)
    thread = harness.threads()[-1]
    r = await harness.invoke(BOB, "game join", where=thread)
    print(r.text)
    r = await harness.invoke(ALICE, "game start", where=thread)
    print(r.text, r.custom_ids)
    for m in harness.public():
        print("PUBLIC", m.channel_id, repr(m.content), m.custom_ids(), [f for f, _ in m.files])
