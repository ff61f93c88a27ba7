// The web table's page: loads the game's state and board from the JSON API, follows the
// game live through server-sent events, browses its history with the slider, and zooms and
// pans the full-resolution board with CSS transforms (wheel and drag, pinch by touch).
// Inside a Discord Activity (data-client set) it waits for activity.js to say, once Discord
// told the server who is looking, which game to show and with which seat's token.
"use strict";

const body = document.body;
const lang = body.dataset.lang;
// Every address is relative to where the page is served: "/" for /g/<game>, and under
// Discord's proxy the prefix it adds ("/.proxy/"), which the server never sees.
const root = location.pathname.replace(/(g\/)?[^/]*$/, "");
let game = body.dataset.game;
let token = new URLSearchParams(location.search).get("t");
const $ = (id) => document.getElementById(id);
const board = $("board");
const viewport = $("viewport");
const slider = $("slider");

let step = null;     // null: the game now; a number: that step of its history
let part = "";       // "": the overview; else one of the game's parts (now only)
let loading = null;  // the load under way, so an event during it loads once more after it
let again = false;

function api(path, extra) {
  const query = new URLSearchParams({ lang });
  if (token) query.set("t", token);
  for (const [key, value] of Object.entries(extra || {})) {
    if (value !== null && value !== "") query.set(key, value);
  }
  return `${root}api/g/${game}/${path}?${query}`;
}

async function load() {
  if (loading) { again = true; return loading; }
  loading = (async () => {
    try {
      const answer = await fetch(api("state", { step }));
      if (answer.status === 403 && body.dataset.client) {  // the Activity's seat token ran out
        document.dispatchEvent(new CustomEvent("gm:expired"));
        return;
      }
      if (!answer.ok) { $("note").textContent = answer.statusText; return; }
      show(await answer.json());
    } finally {
      loading = null;
      if (again) { again = false; load(); }
    }
  })();
  return loading;
}

function show(state) {
  $("title").textContent = state.title;
  document.title = state.title;
  $("note").textContent = state.view_note;
  slider.max = state.last;
  slider.value = state.step;
  $("step-label").textContent = state.step_label;
  $("latest").disabled = step === null;
  $("live").hidden = step !== null;
  $("awaiting").textContent = state.awaiting || state.status;
  $("summary").textContent = state.summary;
  $("result").hidden = !state.result;
  $("result").textContent = state.result || "";
  $("acted").textContent = state.acted || "";
  const log = $("log");
  log.replaceChildren(...state.log.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  if (step === null) log.scrollTop = log.scrollHeight;  // the latest events, page unmoved
  showParts(state.parts);
  const mine = $("mine");
  mine.hidden = !state.private;
  if (state.private) $("private").textContent = state.private.text;
  body.dataset.step = state.step;
  body.dataset.version = state.version;
  showBoard(step === null ? api("board.png", { part })
                          : api("board.png", { step }), state.step);
}

function showParts(parts) {
  const nav = $("parts");
  if (nav.children.length === parts.length + 1) return;
  for (const { name, label } of parts) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "part";
    button.dataset.part = name;
    button.textContent = label;
    nav.append(button);
  }
}

function showBoard(url, shownStep) {
  if (board.dataset.src === url && board.dataset.version === body.dataset.version) return;
  const image = new Image();
  image.onload = () => {
    const first = !board.naturalWidth || board.dataset.part !== part;
    board.src = image.src;
    board.dataset.src = url;
    board.dataset.step = shownStep;
    board.dataset.part = part;
    board.dataset.version = body.dataset.version;
    if (first) fit();
    body.dataset.shown = `${shownStep}:${part}`;
  };
  image.src = url;
}

// -- zoom and pan: one transform, translate then scale, origin at the image's corner --------
const view = { x: 0, y: 0, scale: 1 };

function apply() {
  board.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
  board.dataset.scale = view.scale.toFixed(4);
}

function fit() {
  const width = board.naturalWidth || 1;
  const height = board.naturalHeight || 1;
  view.scale = Math.min(viewport.clientWidth / width, viewport.clientHeight / height);
  view.x = (viewport.clientWidth - width * view.scale) / 2;
  view.y = (viewport.clientHeight - height * view.scale) / 2;
  apply();
}

function zoomAt(factor, cx, cy) {
  const scale = Math.min(8, Math.max(0.05, view.scale * factor));
  const real = scale / view.scale;
  view.x = cx - (cx - view.x) * real;
  view.y = cy - (cy - view.y) * real;
  view.scale = scale;
  apply();
}

function centre() {
  return [viewport.clientWidth / 2, viewport.clientHeight / 2];
}

viewport.addEventListener("wheel", (event) => {
  event.preventDefault();
  const box = viewport.getBoundingClientRect();
  zoomAt(Math.exp(-event.deltaY / 300), event.clientX - box.left, event.clientY - box.top);
}, { passive: false });

const pointers = new Map();
let pinch = null;

viewport.addEventListener("pointerdown", (event) => {
  viewport.setPointerCapture(event.pointerId);
  pointers.set(event.pointerId, [event.clientX, event.clientY]);
  viewport.classList.add("dragging");
  pinch = null;
});

viewport.addEventListener("pointermove", (event) => {
  const before = pointers.get(event.pointerId);
  if (!before) return;
  const now = [event.clientX, event.clientY];
  pointers.set(event.pointerId, now);
  if (pointers.size === 1) {
    view.x += now[0] - before[0];
    view.y += now[1] - before[1];
    apply();
    return;
  }
  const [a, b] = [...pointers.values()];
  const distance = Math.hypot(a[0] - b[0], a[1] - b[1]);
  const box = viewport.getBoundingClientRect();
  const mid = [(a[0] + b[0]) / 2 - box.left, (a[1] + b[1]) / 2 - box.top];
  if (pinch) {
    view.x += mid[0] - pinch.mid[0];
    view.y += mid[1] - pinch.mid[1];
    zoomAt(distance / pinch.distance, mid[0], mid[1]);
  }
  pinch = { distance, mid };
});

for (const end of ["pointerup", "pointercancel"]) {
  viewport.addEventListener(end, (event) => {
    pointers.delete(event.pointerId);
    pinch = null;
    if (!pointers.size) viewport.classList.remove("dragging");
  });
}

$("zoom-in").addEventListener("click", () => zoomAt(1.5, ...centre()));
$("zoom-out").addEventListener("click", () => zoomAt(1 / 1.5, ...centre()));
$("zoom-fit").addEventListener("click", fit);
window.addEventListener("resize", fit);

// -- history, parts and live updates -------------------------------------------------------
let sliding = null;
slider.addEventListener("input", () => {
  clearTimeout(sliding);
  sliding = setTimeout(() => {
    const chosen = Number(slider.value);
    step = chosen === Number(slider.max) ? null : chosen;
    if (step !== null) choosePart("");
    load();
  }, 150);
});

$("latest").addEventListener("click", () => { step = null; load(); });

function choosePart(name) {
  part = name;
  for (const button of $("parts").children) {
    button.classList.toggle("chosen", button.dataset.part === name);
  }
}

$("parts").addEventListener("click", (event) => {
  const button = event.target.closest("button.part");
  if (!button) return;
  choosePart(button.dataset.part);
  step = null;  // a part is drawn as the game is now
  load();
});

let events = null;

function start() {
  if (events) events.close();  // opened with the token it had
  events = new EventSource(api("events"));
  events.addEventListener("step", () => load());
  load();
}

if (body.dataset.client) {
  // Inside the Activity, activity.js names the game and the seat's token once Discord
  // vouched for the reader, and again with a fresh token when the last one ran out.
  $("note").textContent = $("note").dataset.connecting;
  document.addEventListener("gm:viewer", (event) => {
    ({ game, token } = event.detail);
    start();
  });
} else {
  start();
}
