// The room page: one WebSocket, the last state, local UI state; every change re-renders.
import { api, currentLang, errorText, esc, has, langSwitch, loadLang, pickLang, saveToken, store, t, tokenFor } from "./common.js";
import { families, num, optionField, optionWords, roleName } from "./families.js";
import { Narration } from "./narrator.js";
import { callKey, currentCue, render, timedCues } from "./render.js";

const app = document.getElementById("app");
const where = document.getElementById("where");
const live = document.getElementById("live");
const code = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "").toUpperCase();

let catalog = null;
let state = null;
let me = { role: null, seat: null, name: null };
let offset = 0; // server clock - local clock, in seconds
let ws = null;
let attempts = 0;
let reconnectTimer = null;
let pingTimer = null;
let lastHeard = 0; // when the server last sent anything (a state, a pong...)
let lastAnnounce = "";
const narration = new Narration(`lg.spoken.${code}`);
let intent = {};
try {
  intent = JSON.parse(sessionStorage.getItem(`lg.intent.${code}`) || "{}");
} catch {
  intent = {};
}
const ui = {
  code, conn: "connecting", cardShown: false, pick: [], sentTask: null, claim: { role: "", saw: [] },
  text: "", notes: {}, open: {}, muted: false, offline: false, fatal: null, askJoin: false,
  name: store.get("name") || "",
};

const notesKey = () => `notes.${code}.${state?.game?.number ?? 0}`;

function ctx() {
  const theme = state?.room?.settings?.theme || null;
  const fams = families(catalog, theme);
  return {
    t, has, ui, now: Date.now() / 1000 + offset, origin: location.origin, family: state?.room?.settings?.family || null,
    recordUrl: tokenFor(code) ? `/api/rooms/${encodeURIComponent(code)}/record?token=${encodeURIComponent(tokenFor(code))}` : null,
    role: (r, many) => roleName(catalog, state?.room?.settings?.family, theme, r, many),
    knowsRole: (r) => has(`role.${r}`) || fams.some((f) => f.roles.includes(r)),
    isBot: (seat) => state?.room?.seats?.[seat]?.kind === "bot",
    familyTitle: (k) => fams.find((f) => f.key === k)?.title || (has(`family.${k}`) ? t(`family.${k}`) : k || ""),
    scenarioTitle: (f, s) => fams.find((x) => x.key === f)?.scenarios.find((x) => x.key === s)?.title || s,
    families: fams, themes: catalog?.themes || [], optionField, optionWords, lang: currentLang(),
  };
}

function header() {
  // No connection to speak of while the page waits for a name, or once the room is gone.
  const conn = ui.askJoin || ui.fatal ? "" : ui.conn === "open" ? `<span class="conn" data-ok="true">● ${esc(t("conn.open"))}</span>` : `<span class="conn" data-ok="false" role="status">⚠ ${esc(t(ui.conn === "offline" ? "conn.offline" : "conn.connecting"))}</span>`;
  const who = me.role ? `<span class="badge">${esc(me.name ? `${me.name} · ` : "")}${esc(t(`who.${me.role}`))}</span>` : "";
  where.innerHTML = `<span class="code small" style="font-size:1rem">${esc(code)}</span>${who}${conn}${langSwitch()}`;
}

function paint() {
  const active = document.activeElement;
  const focusId = active && active.id ? active.id : null;
  const focusKey = !focusId && active?.dataset ? Object.entries(active.dataset).map(([k, v]) => `[data-${k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())}="${CSS.escape(v)}"]`).join("") : "";
  const sel = active && "selectionStart" in active ? [active.selectionStart, active.selectionEnd] : null;
  header();
  app.innerHTML = render(state, me, ui, ctx());
  document.title = `loupgarou · ${code}`;
  const back = focusId ? document.getElementById(focusId) : focusKey ? app.querySelector(focusKey) : null;
  if (back) {
    back.focus({ preventScroll: true });
    if (sel && "setSelectionRange" in back) {
      try {
        back.setSelectionRange(sel[0], sel[1]);
      } catch {
        /* not a text field */
      }
    }
  }
  announce();
  window.__lg.rendered = (window.__lg.rendered || 0) + 1;
  if (state && !window.__lg.stateAt) window.__lg.stateAt = performance.now();
}

function announce() {
  const g = state?.game;
  const text = !g ? "" : `${g.phase} ${g.night} ${g.stage} ${g.call?.index ?? ""}`;
  if (text !== lastAnnounce) {
    lastAnnounce = text;
    const h = document.getElementById("h-stage") || document.getElementById("h-end");
    if (h) live.textContent = h.textContent;
  }
}

function tick() {
  const now = Date.now() / 1000 + offset;
  for (const el of document.querySelectorAll("[data-deadline]")) {
    const left = Math.max(0, Math.ceil(+el.dataset.deadline - now));
    const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    const txt = h ? `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}` : `${m}:${String(s).padStart(2, "0")}`;
    if (el.textContent !== txt) el.textContent = txt;
  }
  if (me.role === "narrator" && state?.narrator) {
    const n = state.narrator;
    const i = currentCue(n, n.paused_at ?? now).index;
    const due = !!n.ask && (typeof n.ask.at !== "number" || n.origin + n.ask.at <= (n.paused_at ?? now) + 0.25);
    if (i !== ui.cueIndex || due !== ui.askDue) {
      ui.cueIndex = i;
      ui.askDue = due;
      paint();
    }
  }
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) {
    ws.send(JSON.stringify(msg));
    return true;
  }
  toast(t("conn.not_sent"));
  return false;
}

let toastTimer = null;
function toast(text) {
  let el = document.querySelector(".toast");
  if (!el) {
    el = document.createElement("div");
    el.className = "toast";
    el.setAttribute("role", "status");
    document.body.append(el);
  }
  el.textContent = text;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.remove(), 4000);
}

function first() {
  const token = tokenFor(code);
  if (token) return { type: "hello", v: 1, room: code, token };
  if (intent.watch) return { type: "watch", v: 1, room: code };
  if (intent.name) return { type: "join", v: 1, room: code, name: intent.name };
  return null;
}

function connect() {
  clearTimeout(reconnectTimer);
  const hello = first();
  if (!hello) {
    ui.askJoin = true;
    paint();
    return;
  }
  ui.askJoin = false;
  ui.conn = attempts ? "offline" : "connecting";
  const sock = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  ws = sock;
  sock.onopen = () => {
    sock.send(JSON.stringify(hello));
  };
  sock.onmessage = (ev) => {
    lastHeard = Date.now();
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    onMessage(msg);
  };
  sock.onclose = () => {
    if (ws !== sock) return;
    clearInterval(pingTimer);
    ws = null;
    if (ui.fatal) return;
    ui.conn = "offline";
    ui.offline = true;
    paint();
    const delay = Math.min(15, 0.5 * 2 ** Math.min(attempts, 5)) * (0.8 + Math.random() * 0.4);
    attempts += 1;
    reconnectTimer = setTimeout(connect, delay * 1000);
  };
  sock.onerror = () => {
    /* onclose follows */
  };
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      me = { role: msg.role, seat: msg.seat ?? null, name: msg.name ?? null };
      if (msg.token) saveToken(code, msg.token);
      sessionStorage.removeItem(`lg.intent.${code}`);
      intent = {};
      attempts = 0;
      ui.conn = "open";
      ui.offline = false;
      clearInterval(pingTimer);
      lastHeard = Date.now();
      // A ping only when the line has been quiet for 10 s (during a game states come
      // often enough): a silence of 25 s means the connection is dead, and we reconnect.
      pingTimer = setInterval(() => {
        const quiet = Date.now() - lastHeard;
        if (quiet > 25000) return ws?.close();
        if (quiet > 10000 && ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
      }, 5000);
      break;
    case "state": {
      if (msg.room?.status === "lobby" && !ui.qr && !ui.qrAsked) loadQr();
      const prevGame = state?.game?.number;
      state = msg;
      if (msg.you && msg.you.role) me = { ...me, role: msg.you.role, seat: msg.you.seat ?? null };
      if (typeof msg.now === "number") offset = msg.now - Date.now() / 1000;
      if (state.game?.number !== prevGame) ui.notes = store.get(notesKey(), {}) || {};
      const task = state.game?.task;
      if (!task || task.id !== ui.sentTask) {
        if (!task || task.id !== ui.taskId) ui.pick = [];
        ui.taskId = task?.id ?? null;
      }
      if (state.game?.phase === "night" && ui.lastStage !== `${state.game.night}.${state.game.call?.index}`) ui.cardShown = false;
      ui.lastStage = state.game ? `${state.game.night}.${state.game.call?.index}` : "";
      ui.conn = "open";
      ui.offline = false;
      if (me.role === "narrator")
        narration.update(state.narrator && { ...state.narrator, cues: timedCues(state.narrator) }, offset, { lang: state.room.settings?.lang || "en", game: state.game?.number ?? 0, paused: state.room.status === "paused" });
      break;
    }
    case "pong":
      if (typeof msg.now === "number") offset = msg.now - Date.now() / 1000;
      return;
    case "error":
      onError(msg);
      break;
    default:
      return;
  }
  paint();
}

function onError(msg) {
  const text = errorText(msg, ctx().role);
  if (msg.code === "auth.bad_token") {
    saveToken(code, null);
    ui.askJoin = true;
    ui.fatal = text;
    ws?.close();
    return;
  }
  if (["room.not_found", "room.too_many_attempts", "proto.version"].includes(msg.code)) {
    ui.fatal = text;
    ws?.close();
    return;
  }
  if (["room.started", "room.full"].includes(msg.code)) {
    ui.askJoin = true;
    ui.fatal = text;
    ws?.close();
    return;
  }
  if (msg.code === "task.stale") ui.sentTask = null;
  toast(text);
}

/** The room link's QR code, drawn inline (an SVG without its namespace shows in a page,
not in an <img>). */
async function loadQr() {
  ui.qrAsked = true;
  try {
    const r = await fetch(`/api/rooms/${encodeURIComponent(code)}/qr.svg`);
    const text = await r.text();
    const doc = new DOMParser().parseFromString(text, "text/html");
    const svg = doc.querySelector("svg");
    if (!r.ok || !svg) return;
    for (const el of svg.querySelectorAll("script, foreignObject")) el.remove();
    const w = svg.getAttribute("width"), h = svg.getAttribute("height");
    if (w && h && !svg.getAttribute("viewBox")) svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("aria-hidden", "true");
    ui.qr = svg.outerHTML;
    paint();
  } catch {
    /* the <img> stays */
  }
}

function order(seat, delta) {
  const seats = state.room.seats.map((s) => s.seat);
  const i = seats.indexOf(seat), j = i + delta;
  if (i < 0 || j < 0 || j >= seats.length) return;
  [seats[i], seats[j]] = [seats[j], seats[i]];
  send({ type: "lobby", op: "order", seats });
}

function act(i) {
  const task = state?.game?.task;
  if (!task || !task.options[i]) return;
  if (send({ type: "act", task: task.id, action: task.options[i] })) {
    ui.sentTask = task.id;
    if (state.game.phase === "night") ui.actedCall = callKey(state.game);
    ui.pick = [];
  }
}

app.addEventListener("click", (e) => {
  const b = e.target.closest("button");
  if (!b || b.disabled) return;
  const d = b.dataset;
  if ("act" in d) return act(+d.act);
  if ("pick" in d) {
    const task = state.game.task;
    const most = Math.max(...task.options.map((o) => (o.players || []).length + (o.centre || []).length));
    ui.pick = ui.pick.includes(d.pick) ? ui.pick.filter((x) => x !== d.pick) : [...ui.pick, d.pick].slice(-most);
    return paint();
  }
  if (d.card === "show") {
    ui.cardShown = true;
    clearTimeout(ui.cardTimer);
    ui.cardTimer = setTimeout(() => {
      ui.cardShown = false;
      paint();
    }, 8000);
    paint();
    return document.querySelector('[data-card="hide"]')?.focus();
  }
  if (d.card === "hide") {
    ui.cardShown = false;
    paint();
    return document.querySelector('[data-card="show"]')?.focus();
  }
  if ("ready" in d) return send({ type: "ready" });
  if ("sawAdd" in d) {
    ui.claim.saw.push({ seat: state.game?.view?.seat === 0 ? 1 : 0, role: state.room.settings?.family === "lupus" ? "werewolf" : (state.game?.view?.public?.deck || ["werewolf"])[0] });
    return paint();
  }
  if ("sawDrop" in d) {
    ui.claim.saw.splice(+d.sawDrop, 1);
    return paint();
  }
  if ("setDeck" in d) return sendSettings(b.closest("#settings-form"), [d.setDeck, d.role]);
  if ("move" in d) return order(+d.seat, +d.move);
  if ("bot" in d) return send({ type: "lobby", op: "bot", seat: +d.bot, level: state.room.settings?.bots || "sensible" });
  if ("unbot" in d) return send({ type: "lobby", op: "bot", seat: +d.unbot, level: null });
  if ("botsAll" in d) {
    for (const s of state.room.seats) if (s.kind === "empty") send({ type: "lobby", op: "bot", seat: s.seat, level: state.room.settings?.bots || "sensible" });
    return;
  }
  if ("kick" in d) {
    const s = state.room.seats.find((x) => x.seat === +d.kick);
    if (confirm(t("lobby.kick_confirm", { name: s?.name || "" }))) send({ type: "lobby", op: "kick", seat: +d.kick });
    return;
  }
  if ("handover" in d) {
    const s = state.room.seats.find((x) => x.seat === +d.handover);
    if (confirm(t("lobby.handover_confirm", { name: s?.name || "" }))) send({ type: "lobby", op: "handover", seat: +d.handover });
    return;
  }
  if ("start" in d) return send({ type: "lobby", op: "start" });
  if ("op" in d) return send({ type: "lobby", op: d.op });
  if ("answerPick" in d) {
    const names = ui.answerPick?.ask === +d.ask ? ui.answerPick.names : [];
    const next = names.includes(d.answerPick) ? names.filter((x) => x !== d.answerPick) : [...names, d.answerPick].slice(-+d.most);
    ui.answerPick = { ask: +d.ask, names: next };
    return paint();
  }
  if ("answer" in d) return send({ type: "answer", ask: +d.ask, text: d.answer });
  if ("skip" in d) {
    narration.skip();
    return send({ type: "skip" });
  }
  if ("mute" in d) {
    ui.muted = narration.muted = !ui.muted;
    if (ui.muted) narration.stop();
    return paint();
  }
  if ("copy" in d) {
    navigator.clipboard?.writeText(d.copy).then(() => toast(t("lobby.copied")), () => toast(d.copy));
    return;
  }
  if ("watch" in d) {
    intent = { watch: true };
    ui.fatal = null;
    return connect();
  }
});

/** The table the lobby's form shows, as settings (docs/protocol.md): a new family starts
 * from its first table and default options, as on the home page. */
function formSettings(f, deckChange = null) {
  const v = (id) => f.querySelector(`#${id}`)?.value;
  const cur = state.room.settings;
  const fams = families(catalog);
  const family = v("set-family") || cur.family;
  const fam = fams.find((x) => x.key === family);
  const out = {
    ...cur, family, players: num(v("set-players"), cur.players), lang: v("set-lang") || cur.lang,
    theme: v("set-theme") || null, bots: v("set-bots") || cur.bots,
    dead_see_all: !!f.querySelector("#set-dead")?.checked,
    timers: { ...cur.timers, call: num(v("set-call"), cur.timers.call), pack: num(v("set-pack"), cur.timers.pack), discussion: num(v("set-discussion"), cur.timers.discussion), vote: num(v("set-vote"), cur.timers.vote) },
  };
  if (family !== cur.family) {
    const first = fam?.scenarios[0];
    const [lo, hi] = first?.range || fam?.range || [3, 40];
    return { ...out, scenario: first?.key ?? null, deck: null, options: {}, players: Math.min(Math.max(out.players, lo), hi) };
  }
  const scenario = v("set-scenario") ?? cur.scenario ?? "";
  out.scenario = scenario || null;
  out.deck = scenario ? null : [...(cur.deck || tableDeck())];
  if (deckChange && !scenario) {
    const [sign, role] = deckChange;
    if (sign === "+") out.deck.push(role);
    else if (out.deck.lastIndexOf(role) >= 0) out.deck.splice(out.deck.lastIndexOf(role), 1);
  }
  const options = { ...(cur.options || {}) };
  for (const el of f.querySelectorAll("[data-opt]")) {
    const k = el.dataset.opt;
    options[k] = el.dataset.kind === "bool" ? el.checked : el.dataset.kind === "number" ? num(el.value, 0) : el.value;
  }
  out.options = options;
  return out;
}

/** A custom deck starts from the cards the last table dealt. */
function tableDeck() {
  return state.room.table || [];
}

function sendSettings(f, deckChange = null) {
  send({ type: "lobby", op: "settings", settings: formSettings(f, deckChange) });
}

app.addEventListener("change", (e) => {
  const el = e.target;
  const form = el.closest?.("#settings-form");
  if (form) return sendSettings(form);
  if (el.dataset.finalCard !== undefined || el.dataset.finalVote !== undefined) {
    ui.final = ui.final || { cards: [], votes: [] };
    if (el.dataset.finalCard !== undefined) ui.final.cards[+el.dataset.finalCard] = el.value;
    else ui.final.votes[+el.dataset.finalVote] = el.value === "" ? undefined : +el.value;
    return;
  }
  if (el.dataset.note !== undefined) {
    if (el.value) ui.notes[el.dataset.note] = el.value;
    else delete ui.notes[el.dataset.note];
    store.set(notesKey(), ui.notes);
    return paint();
  }
  if (el.dataset.claim === "role") {
    ui.claim.role = el.value;
    return paint();
  }
  if (el.dataset.saw !== undefined) {
    const row = ui.claim.saw[+el.dataset.saw];
    row[el.dataset.field] = el.dataset.field === "seat" ? +el.value : el.value;
    return paint();
  }
});
app.addEventListener("input", (e) => {
  if ("sayText" in e.target.dataset) ui.text = e.target.value;
  if (e.target.dataset.nameSeat !== undefined) (ui.names = ui.names || [])[+e.target.dataset.nameSeat] = e.target.value;
});
document.addEventListener("toggle", (e) => {
  if (e.target.id) ui.open[e.target.id] = e.target.open;
}, true);
app.addEventListener("submit", (e) => {
  e.preventDefault();
  const f = e.target;
  if (f.id === "say") {
    const msg = { type: "say" };
    if (ui.text.trim()) msg.text = ui.text.trim().slice(0, 500);
    if (ui.claim.role) msg.claim = { role: ui.claim.role, ...(ui.claim.saw.length ? { saw: ui.claim.saw.map((s) => ({ seat: s.seat, role: s.role })) } : {}) };
    if (!msg.text && !msg.claim) return toast(t("claim.empty"));
    if (send(msg)) {
      ui.text = "";
      ui.claim = { role: "", saw: [] };
      paint();
    }
  } else if (f.id === "settings-form") {
    sendSettings(f);
  } else if (f.id === "names") {
    const names = [...f.querySelectorAll("[data-name-seat]")].map((i) => i.value.trim());
    send({ type: "lobby", op: "names", names });
  } else if (f.id === "final") {
    const n = f.querySelectorAll("[data-final-card]").length;
    const cards = [...f.querySelectorAll("[data-final-card]")].map((x) => x.value);
    const votes = [...f.querySelectorAll("[data-final-vote]")].map((x) => (x.value === "" ? null : +x.value));
    if (cards.length !== n || cards.includes("") || votes.includes(null)) return toast(t("narr.final_missing"));
    send({ type: "answer", ask: +f.dataset.ask, cards, votes });
  } else if (f.id === "answer-free") {
    const v = f.querySelector("input").value.trim();
    if (v) send({ type: "answer", ask: +f.dataset.ask, text: v });
  } else if (f.id === "joinform") {
    const name = f.querySelector("input").value.trim();
    if (!name) return;
    store.set("name", name);
    ui.name = name;
    intent = { name };
    ui.fatal = null;
    connect();
  }
});

// Drag and drop of seats in the lobby (the arrows do the same without a mouse).
let dragged = null;
app.addEventListener("dragstart", (e) => {
  const li = e.target.closest?.("li.seat[draggable]");
  if (!li) return;
  dragged = +li.dataset.seat;
  li.classList.add("dragging");
  e.dataTransfer.effectAllowed = "move";
});
app.addEventListener("dragover", (e) => {
  if (dragged !== null && e.target.closest?.("li.seat")) e.preventDefault();
});
app.addEventListener("drop", (e) => {
  const li = e.target.closest?.("li.seat");
  if (dragged === null || !li) return;
  e.preventDefault();
  const seats = state.room.seats.map((s) => s.seat).filter((s) => s !== dragged);
  seats.splice(seats.indexOf(+li.dataset.seat) + (dragged < +li.dataset.seat ? 1 : 0), 0, dragged);
  dragged = null;
  send({ type: "lobby", op: "order", seats });
});
app.addEventListener("dragend", () => {
  dragged = null;
});

where.addEventListener("click", async (e) => {
  const b = e.target.closest("[data-lang]");
  if (!b) return;
  await loadLang(b.dataset.lang);
  paint();
});

window.__lg = { get state() { return state; }, get me() { return me; }, ui, narration, rendered: 0, lang: currentLang };
window.addEventListener("online", () => {
  if (!ws) {
    attempts = 0;
    connect();
  }
});
// A phone that loses its network may keep a dead socket open for minutes: drop it at
// once (the 'offline' event), and when pongs stop coming (the heartbeat below).
window.addEventListener("offline", () => ws?.close());

(async () => {
  await loadLang(pickLang());
  paint();
  try {
    catalog = await api("/api/catalog");
  } catch {
    catalog = null; // role names fall back to our own words
  }
  connect();
  setInterval(tick, 250);
  window.__lg.ready = true;
})();
