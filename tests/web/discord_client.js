// The Discord client around an Activity, as the Embedded App SDK speaks to it: the
// activity's iframe posts [opcode, payload] messages (0 HANDSHAKE, 1 FRAME); the client
// answers the handshake with the READY dispatch and each command frame with a frame of
// the same cmd and nonce. AUTHORIZE hands over the next OAuth2 code the test gave the page;
// AUTHENTICATE confirms the access token. What the activity sent is kept on <body> for
// the test to read.
"use strict";

const frame = document.getElementById("activity");
const { client, user } = document.body.dataset;
const codes = document.body.dataset.codes.split(" ");  // one for each AUTHORIZE, in turn
const sent = [];

window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [opcode, payload] = event.data;
  const reply = (data) => event.source.postMessage([1, data], event.origin);
  sent.push({ opcode, cmd: payload.cmd, args: payload.args, payload });
  document.body.dataset.sent = JSON.stringify(sent);
  if (opcode === 0) {
    reply({
      cmd: "DISPATCH", evt: "READY", nonce: null,
      data: { v: 1, config: { api_endpoint: "//discord.com/api", environment: "production",
                              cdn_host: "cdn.discordapp.com" } },
    });
    return;
  }
  if (opcode !== 1) return;
  const { cmd, nonce, args } = payload;
  if (cmd === "AUTHORIZE") {
    reply({ cmd, evt: null, nonce, data: { code: codes.shift() } });
  } else if (cmd === "AUTHENTICATE") {
    reply({
      cmd, evt: null, nonce,
      data: {
        access_token: args.access_token, scopes: ["identify"],
        expires: new Date(Date.now() + 604800000).toISOString(),
        user: { id: user, username: `user${user}`, discriminator: "0", public_flags: 0 },
        application: { id: client, name: "GameMaster", description: "", icon: null },
      },
    });
  } else {
    reply({ cmd, evt: null, nonce, data: {} });
  }
});
