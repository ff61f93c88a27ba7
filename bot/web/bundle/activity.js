// The web table inside a Discord Activity: who is looking, as Discord vouches for it.
// Bundled with Discord's Embedded App SDK into bot/web/static/activity.js (`make install`).
//
// The SDK shakes hands with Discord's client (the parent frame, by postMessage), then
// `authorize` gets an OAuth2 code for this application without a prompt; the server's
// /api/token exchanges it with Discord under the client secret, learns the user and the
// Activity's channel from Discord itself, and answers with the game of that thread and,
// for a seated member, their own seat's token. `authenticate` then completes the SDK's
// session with the access token, and game.js shows the game ("gm:viewer").
import { DiscordSDK } from "@discord/embedded-app-sdk";

const body = document.body;
const note = document.getElementById("note");
const clientId = body.dataset.client;
const root = location.pathname.replace(/[^/]*$/, "");  // "/" or Discord's "/.proxy/"

async function identify(sdk) {
  await sdk.ready();  // at once after the first time
  const { code } = await sdk.commands.authorize({
    client_id: clientId, response_type: "code", state: "", prompt: "none",
    scope: ["identify"],
  });
  const answer = await fetch(`${root}api/token?lang=${encodeURIComponent(body.dataset.lang)}`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, instance_id: sdk.instanceId }),
  });
  const said = await answer.json();
  if (!answer.ok) throw new Refusal(said.error);
  await sdk.commands.authenticate({ access_token: said.access_token });
  return { game: said.game, token: said.token };
}

class Refusal extends Error {}

async function main() {
  let sdk;
  try {
    sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  } catch {  // no frame_id and the like: opened outside Discord
    note.textContent = note.dataset.outside;
    return;
  }
  let asking = null;  // one handshake at a time, however many loads found the token old
  const view = () => {
    asking ??= identify(sdk).then((viewer) => {
      document.dispatchEvent(new CustomEvent("gm:viewer", { detail: viewer }));
    }, (error) => {
      note.textContent = error instanceof Refusal ? error.message : note.dataset.failed;
      body.dataset.refused = "true";
    }).finally(() => { asking = null; });
    return asking;
  };
  // A seat's token lasts a sitting; when it runs out the page asks Discord again (no
  // prompt: the member allowed the application already) for a fresh one.
  document.addEventListener("gm:expired", view);
  await view();
}

main();
