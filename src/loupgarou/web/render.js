// The room page as a pure function of the last `state`, the welcome and the local UI state.
// render(state, ui, ctx) returns HTML; nothing here reads the network, the clock or storage.
import { errorText, esc } from "./common.js";
import { hasPackClock } from "./families.js";

const isList = Array.isArray;

/** Seconds left as m:ss (or h:mm:ss). */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const pad = (x) => String(x).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(r)}` : `${m}:${pad(r)}`;
}

export function seatNames(state) {
  const fromView = state?.game?.view?.players;
  const seats = state?.room?.seats || [];
  const n = Math.max(seats.length, fromView?.length || 0);
  return Array.from({ length: n }, (_, i) => seats[i]?.name || fromView?.[i] || `#${i + 1}`);
}

/** A night call in words: our own text for the calls that are not simply a role's
 * (`step.NAME`, naming roles as the room's theme does), else the role (plural for a group). */
export function stepName(step, ctx) {
  if (!step) return "";
  if (ctx.has(`step.${step}`)) {
    const many = (r) => ctx.role(r, true);
    return ctx.t(`step.${step}`, {
      wolf: ctx.role("werewolf"), wolves: many("werewolf"), lovers: many("lovers"),
      doppelganger: ctx.role("doppelganger"), minion: ctx.role("minion"), insomniac: ctx.role("insomniac"),
    });
  }
  if (ctx.knowsRole(step)) return ctx.role(step);
  for (const single of [step.replace(/ves$/, "f"), step.replace(/s$/, "")])
    if (ctx.knowsRole(single)) return ctx.role(single, true);
  return step.replace(/_/g, " ");
}

function list(items, ctx) {
  const xs = items.filter((x) => x !== undefined && x !== null && x !== "");
  if (!xs.length) return ctx.t("common.nobody");
  if (xs.length === 1) return xs[0];
  return `${xs.slice(0, -1).join(", ")} ${ctx.t("common.and")} ${xs[xs.length - 1]}`;
}

/** Lupus in Tabula: the players tied across the cut when the `places` most voted of `counts`
 * (seat -> votes) are taken, in clockwise order from `start` (so the first are the ones
 * taken), or [] when no tie had to be settled. */
export function cutTie(counts, start, n, places) {
  const votes = (s) => counts.get(s) || 0;
  const order = [...counts.keys()].sort((a, b) => votes(b) - votes(a) || ((a - start + n) % n) - ((b - start + n) % n));
  if (order.length <= places) return [];
  const last = votes(order[places - 1]);
  if (votes(order[places]) !== last) return [];
  return order.filter((s) => votes(s) === last);
}

function tieText(counts, places, names, holder, who, ctx, leaders = []) {
  const n = names.length;
  const none = holder === null || holder === undefined;
  const start = none ? 0 : (holder + 1) % n;
  const from = none ? ctx.t("ev.tie.from_seat", { name: who(0) }) : ctx.t("ev.tie.from_holder", { name: who(holder) });
  // Fewer players had votes than places to fill: the rest are drawn among those with none.
  const unvoted = leaders.filter((s) => !counts.get(s));
  if (unvoted.length) return " " + ctx.t("ev.tie.unvoted", { first: list(unvoted.map(who), ctx), from });
  const tied = cutTie(counts, start, n, places);
  if (!tied.length) return "";
  const taken = places - [...counts.values()].filter((v) => v > counts.get(tied[0])).length;
  return " " + ctx.t("ev.tie", { tied: list(tied.map(who), ctx), first: list(tied.slice(0, taken).map(who), ctx), from });
}

/** The events as the page lists them, each with who held Lupus in Tabula's Welcome card
 * when it came (a tied day vote is settled from there), and whether a Witch passing had
 * already used a potion at that call (she kept the other one). */
export function eventTexts(evs, names, ctx) {
  let holder = null;
  const brewed = new Set();
  return evs.map((e) => {
    const actor = Array.isArray(e.audience) && e.audience.length === 1 ? e.audience[0] : null;
    if (e.kind === "victim_shown") brewed.delete(actor); // the Witch's call begins
    const text = eventText(e, names, ctx, holder, brewed.has(actor));
    if (e.kind === "welcome_card") holder = e.data?.seat ?? null;
    if (e.kind === "healed" || e.kind === "poisoned") brewed.add(actor);
    return text;
  });
}

/** One event of the view in the page's language (`holder`: who held the Welcome card;
 * `brewed`: a Witch's pass comes after she used a potion at the same call). */
export function eventText(e, names, ctx, holder = null, brewed = false) {
  const d = e.data || {};
  const who = (s) => (s === null || s === undefined ? ctx.t("common.nobody") : names[s] ?? `#${s + 1}`);
  const whom = (xs) => list((xs || []).map(who), ctx);
  const role = (r) => ctx.role(r);
  const vars = {
    name: who(d.seat), role: d.role ? role(d.role) : "", names: whom(d.seats ?? d.suspects),
    roles: list((d.roles || d.deck || []).map(role), ctx),
    night: d.night ?? "", day: d.day ?? "", step: stepName(d.step, ctx),
    centre: d.centre !== undefined && !isList(d.centre) ? `c${d.centre + 1}` : "",
    text: d.text ?? "", by: who(d.by), hunter: who(d.hunter), target: who(d.target), lover: who(d.lover),
    replaced: who(d.replaced), captain: role("captain"), owl: role("owl"),
    wolf: role("werewolf"), wolves: ctx.role("werewolf", true),
    cupid: role("cupid"), lovers: ctx.role("lovers", true),
  };
  switch (e.kind) {
    case "night_begins":
      return d.night ? ctx.t("ev.night_begins.n", vars) : ctx.t("ev.night_begins");
    case "game_begins":
      return ctx.t("ev.game_begins", { n: d.players ?? names.length });
    case "dawn":
      return ctx.t((d.deaths || []).length ? "ev.dawn.deaths" : "ev.dawn.none", { ...vars, day: d.day ?? d.night ?? "", names: whom(d.deaths) });
    case "seen":
      return ctx.t(d.werewolf ? "ev.seen.wolf" : "ev.seen.human", vars);
    case "medium":
      return ctx.t(d.werewolf ? "ev.medium.wolf" : "ev.medium.human", vars);
    case "swapped":
      return ctx.t("ev.swapped", { a: who(d.seats?.[0]), b: who(d.seats?.[1]) });
    case "statement":
      return `${who(d.seat)}: ${d.text || claimText(d.claim, names, ctx, d.seat)}`;
    case "votes_revealed":
    case "votes": {
      const ballots = d.ballots || (d.votes || []).map((v, i) => [i, v]);
      const text = `${ctx.t("ev.votes")} ${ballots.map(([a, b]) => `${who(a)} → ${who(b)}`).join(" · ")}`;
      if (e.kind !== "votes_revealed" || !d.ballots) return text;
      const counts = new Map();
      for (const [, b] of ballots) counts.set(b, (counts.get(b) || 0) + 1);
      const tie = tieText(counts, 1, names, holder, who, ctx);
      return tie ? `${text}.${tie}` : text;
    }
    case "stage1_counted": {
      const counts = new Map((d.counts || []).map(([s, v]) => [s, v]));
      const tally = [...counts].sort((a, b) => b[1] - a[1]).map(([s, v]) => `${who(s)} (${v})`).join(", ");
      return ctx.t("ev.stage1_counted", { tally, names: whom(d.leaders) }) + tieText(counts, 2, names, holder, who, ctx, d.leaders || []);
    }
    case "owl_pick":
      return ctx.t(d.replaced === null || d.replaced === undefined ? "ev.owl_pick.already" : "ev.owl_pick", vars);
    case "cards_revealed":
      return ctx.t("ev.cards_revealed");
    case "game_over":
      return `${ctx.t("ev.game_over")} ${(d.winners || []).length ? ctx.t("end.winners", { names: whom(d.winners) }) : ctx.t("end.nobody")}`;
    case "voted":
      return ctx.t("ev.voted", { target: who(d.seat ?? d.target) });
    case "declined":
      if (d.step === "witch") return ctx.t(brewed ? "ev.declined.witch_other" : "ev.declined.witch");
      return ctx.t("ev.declined", vars);
    default:
      if (ctx.has(`ev.${e.kind}`)) return ctx.t(`ev.${e.kind}`, vars);
      return genericEvent(e, names, ctx);
  }
}

export function genericEvent(e, names, ctx) {
  const d = e.data || {};
  const parts = Object.entries(d).map(([k, v]) => {
    if (k === "seat" || k === "target" || k === "by") return names[v] ?? v;
    if (k === "seats" && isList(v)) return list(v.map((s) => names[s] ?? s), ctx);
    if (k === "role") return ctx.role(v);
    if (k === "centre") return ctx.t("common.centre", { n: (isList(v) ? v : [v]).map((c) => `c${c + 1}`).join("+") });
    return isList(v) || typeof v === "object" ? JSON.stringify(v) : String(v);
  });
  return `${e.kind.replace(/_/g, " ")}${parts.length ? ": " + parts.join(", ") : ""}`;
}

/** A structured claim in words, as its speaker (seat `speaker`) says it: the role
 * (One Night's "I was", the other families' "I am"), what they did, what they saw (their
 * own card named as theirs); the roles named as the room's theme names them. */
export function claimText(c, names, ctx, speaker = null) {
  if (!c) return "";
  const wolf = ctx.role("werewolf");
  const human = ctx.t("claim.human", { wolf });
  const out = [];
  if (c.role === "human") out.push(ctx.t("claim.am_human", { wolf }));
  else if (c.role) out.push(ctx.t(ctx.family && ctx.family !== "one-night" ? "claim.am" : "claim.was", { role: ctx.role(c.role) }));
  if (c.did) out.push(didText(c.did, names, ctx));
  for (const s of c.saw || []) {
    const role = s.role === "human" ? human : ctx.role(s.role);
    if (s.seat !== undefined && s.seat !== null && s.seat === speaker) out.push(ctx.t("claim.saw_own", { role }));
    else {
      const where = s.seat !== undefined && s.seat !== null ? names[s.seat] ?? `#${s.seat + 1}` : ctx.t("common.centre", { n: `c${(s.centre ?? 0) + 1}` });
      out.push(ctx.t("claim.saw", { name: where, role }));
    }
  }
  return out.join(" ");
}

/** What a claim says its speaker did ("I swapped the cards of Bob and Cy."). */
function didText(a, names, ctx) {
  const targets = [
    ...(a.players || []).map((p) => names[p] ?? `#${p + 1}`),
    ...(a.centre || []).map((k) => ctx.t("common.centre", { n: `c${k + 1}` })),
  ];
  const key = `claim.did.${a.kind}`;
  if (ctx.has(key)) return ctx.t(key, { names: list(targets, ctx) });
  return ctx.t("claim.did", { what: optionLabel(a, names, true, ctx) });
}

/** A task's option in words: its targets, and its verb when the options have several. */
export function optionLabel(o, names, withVerb, ctx) {
  const targets = [
    ...(o.players || []).map((s) => names[s] ?? `#${s + 1}`),
    ...(o.centre || []).map((c) => ctx.t("common.centre", { n: `c${c + 1}` })),
  ];
  const verb = ctx.has(`act.${o.kind}`) ? ctx.t(`act.${o.kind}`) : o.kind.replace(/_/g, " ");
  if (!targets.length) return verb;
  return withVerb ? `${verb}: ${list(targets, ctx)}` : list(targets, ctx);
}

const sameSet = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The option a multi-target pick stands for, if any. */
export function matchPick(options, pick) {
  const ps = pick.filter((x) => x.startsWith("p")).map((x) => +x.slice(1));
  const cs = pick.filter((x) => x.startsWith("c")).map((x) => +x.slice(1));
  return options.findIndex((o) => sameSet(o.players || [], ps) && sameSet(o.centre || [], cs));
}

/** The buttons of a task: one per option, or a picker for options that name several targets. */
export function taskControls(task, names, ui, ctx, night = false) {
  const options = task.options || [];
  const kinds = new Set(options.filter((o) => (o.players || []).length + (o.centre || []).length).map((o) => o.kind));
  // At night no verb is shown and every task is a picker: a decoy and a real call look alike.
  const withVerb = !night && kinds.size > 1;
  const multi = night || options.some((o) => (o.players || []).length + (o.centre || []).length > 1);
  if (!multi) {
    return `<div class="choices" role="group" aria-label="${esc(ctx.t("task.options"))}">${options
      .map((o, i) => `<button type="button" data-act="${i}">${esc(optionLabel(o, names, withVerb, ctx))}</button>`)
      .join("")}</div>`;
  }
  const pick = ui.pick || [];
  const seats = [...new Set(options.flatMap((o) => o.players || []))].sort((a, b) => a - b);
  const centre = [...new Set(options.flatMap((o) => o.centre || []))].sort((a, b) => a - b);
  const plain = options.map((o, i) => [o, i]).filter(([o]) => !(o.players || []).length && !(o.centre || []).length);
  const found = pick.length ? matchPick(options, pick) : -1;
  const toggles = [
    ...seats.map((s) => [`p${s}`, names[s] ?? `#${s + 1}`]),
    ...centre.map((c) => [`c${c}`, ctx.t("common.centre", { n: `c${c + 1}` })]),
  ];
  const plainButtons = plain.map(([o, i]) => `<button type="button" data-act="${i}">${esc(optionLabel(o, names, !night, ctx))}</button>`).join("");
  // nothing to pick (the Little Girl's wake or sleep): no picking help, no Confirm to grey out
  if (!toggles.length) return `<div class="row">${plainButtons}</div>`;
  // One Night's picks may name cards in the centre; the other families have none (the help is
  // the family's, never the task's, so a decoy reads as the call it hides)
  return `<p class="help">${esc(ctx.t(ctx.family === "one-night" ? "task.pick_several" : "task.pick_players"))}</p>
  <div class="choices" role="group" aria-label="${esc(ctx.t("task.options"))}">${toggles
    .map(([k, label]) => `<button type="button" data-pick="${k}" aria-pressed="${pick.includes(k)}">${pick.includes(k) ? "✔ " : ""}${esc(label)}</button>`)
    .join("")}</div>
  <div class="row"><button type="button" class="primary" data-act="${found}" ${found < 0 ? "disabled" : ""}>${esc(found < 0 ? ctx.t("task.confirm") : `${ctx.t("task.confirm")}: ${optionLabel(options[found], names, false, ctx)}`)}</button>
  ${plainButtons}</div>`;
}

function clock(deadline, ctx, big = false) {
  if (!deadline) return "";
  return `<span class="clock${big ? " big" : ""}" role="timer" aria-live="off" data-deadline="${deadline}">${clockText(deadline - ctx.now)}</span>`;
}

/** The lobby's problems or warnings, each worded by its code in the page's language. */
function notices(items, kind, ctx) {
  return (items || []).map((p) => `<p class="notice ${kind}" role="${kind === "bad" ? "alert" : "note"}" data-code="${esc(p.code)}">${esc(errorText(p, ctx.role))}</p>`).join("");
}

function seatLine(seat, state, me, ctx, hostControls) {
  const host = state.room.host === seat.seat;
  const mine = me.seat === seat.seat;
  const status = seat.kind === "empty" ? ctx.t("seat.empty") : seat.kind === "named" ? ctx.t("seat.named") : seat.kind === "bot" ? ctx.t("seat.bot", { level: ctx.t(`bots.${seat.level || "sensible"}`) }) : seat.connected ? ctx.t("seat.online") : ctx.t("seat.offline");
  const icon = seat.kind === "empty" ? "○" : seat.kind === "bot" ? "⚙" : seat.connected ? "●" : "◌";
  const n = state.room.seats.length;
  let controls = "";
  if (hostControls) {
    const b = (attrs, label, text, cls = "small") => `<button type="button" class="${cls}" ${attrs} aria-label="${esc(label)}">${text}</button>`;
    const nm = seat.name || ctx.t("seat.n", { n: seat.seat + 1 });
    controls += b(`data-move="-1" data-seat="${seat.seat}" ${seat.seat === state.room.seats[0].seat ? "disabled" : ""}`, ctx.t("lobby.up", { name: nm }), "↑");
    controls += b(`data-move="1" data-seat="${seat.seat}" ${seat.seat === state.room.seats[n - 1].seat ? "disabled" : ""}`, ctx.t("lobby.down", { name: nm }), "↓");
    if (seat.kind === "empty") controls += b(`data-bot="${seat.seat}"`, ctx.t("lobby.add_bot_to", { n: seat.seat + 1 }), esc(ctx.t("lobby.add_bot")));
    else if (seat.kind === "bot") controls += b(`data-unbot="${seat.seat}"`, ctx.t("lobby.remove_bot_from", { name: nm }), esc(ctx.t("lobby.remove_bot")));
    else if (!mine) {
      controls += b(`data-kick="${seat.seat}"`, ctx.t("lobby.kick_who", { name: nm }), esc(ctx.t("lobby.kick")), "small danger");
      controls += b(`data-handover="${seat.seat}"`, ctx.t("lobby.handover_who", { name: nm }), esc(ctx.t("lobby.handover")));
    }
  }
  return `<li class="seat" data-seat="${seat.seat}" ${hostControls ? 'draggable="true"' : ""}>
    <span class="n">${seat.seat + 1}</span><span aria-hidden="true">${icon}</span>
    <span class="name">${esc(seat.name || ctx.t("seat.free"))}${mine ? ` <span class="badge">${esc(ctx.t("seat.you"))}</span>` : ""}${host ? ` <span class="badge">${esc(ctx.t("seat.host"))}</span>` : ""}</span>
    <span class="muted small">${esc(status)}</span><span class="row">${controls}</span></li>`;
}

function settingsSummary(st, ctx) {
  const s = st.room.settings || {};
  const bits = [
    ctx.familyTitle(s.family), s.scenario ? ctx.scenarioTitle(s.family, s.scenario) : ctx.t("home.deck.custom"),
    ctx.t("lobby.players_n", { n: s.players ?? st.room.seats.length }), ctx.t(`mode.${s.mode || "phones"}`),
    ctx.t(`lang.${s.lang || "en"}`),
  ];
  if (s.theme) bits.push(ctx.has(`theme.${s.theme}`) ? ctx.t(`theme.${s.theme}`) : s.theme);
  const fam = (ctx.families || []).find((f) => f.key === s.family);
  const changed = (fam?.options || []).filter((o) => s.options && o.name in s.options && String(s.options[o.name]) !== String(o.default));
  const opts = changed.length ? `<p class="small" id="table-options">${esc(ctx.t("lobby.options"))} ${esc(changed.map((o) => {
    const w = ctx.optionWords(o);
    const v = s.options[o.name];
    return ctx.t("lobby.option_is", { label: w.label, value: typeof v === "boolean" ? ctx.t(v ? "common.yes" : "common.no") : w.choice(v) });
  }).join(" · "))}</p>` : "";
  const cards = st.room.table || s.deck;
  const deck = cards ? `<p class="small">${esc(ctx.t("home.deck.is"))} ${esc(cards.map((r) => ctx.role(r)).join(", "))}</p>` : "";
  const tm = s.timers || {};
  const clocks = { call: tm.call ?? "?", pack: tm.pack ?? "?", discussion: tm.discussion ?? "?", vote: tm.vote ?? "?" };
  return `<p>${bits.map(esc).join(" · ")}</p>${deck}${opts}<p class="small muted">${esc(ctx.t(hasPackClock(fam, s.mode) ? "lobby.timers_pack" : "lobby.timers", clocks))}</p>`;
}

/** The host changes the table in the lobby: everything the home page lets them choose
 * (but the mode, fixed at creation). Each change is sent at once; the room answers with
 * the engine's problems and warnings, and every device sees the new table. */
function settingsEditor(st, ui, ctx) {
  const s = st.room.settings || {};
  const tm = s.timers || {};
  const fams = ctx.families || [];
  const fam = fams.find((f) => f.key === s.family);
  const scen = fam?.scenarios.find((x) => x.key === s.scenario) || null;
  const [lo, hi] = scen ? scen.range : fam ? fam.range : [3, 40];
  const sel = (id, label, options, value) => `<label for="${id}">${esc(ctx.t(label))}</label><select id="${id}" data-set="${id}">${options
    .map(([v, text]) => `<option value="${esc(v)}" ${String(v) === String(value ?? "") ? "selected" : ""}>${esc(text)}</option>`).join("")}</select>`;
  const num = (id, key, value, min, max, help) => `<label for="${id}">${esc(ctx.t(key))}</label><input id="${id}" type="number" inputmode="numeric" min="${min}" max="${max}" data-set="${id}" value="${esc(value ?? "")}"${help ? ` aria-describedby="${id}-h"><p class="help" id="${id}-h">${esc(help)}</p>` : ">"}`;
  const deck = s.deck || [];
  const deckRows = !fam || scen ? "" : `<div role="group" aria-label="${esc(ctx.t("home.deck"))}">${fam.roles
    .map((r) => {
      const name = ctx.role(r);
      const n = deck.filter((x) => x === r).length;
      return `<div class="deckrow"><span>${esc(name)}</span><span class="row">
        <button type="button" class="small" data-set-deck="-" data-role="${esc(r)}" aria-label="${esc(ctx.t("home.deck.less", { role: name }))}">−</button>
        <output aria-label="${esc(name)}">${n}</output>
        <button type="button" class="small" data-set-deck="+" data-role="${esc(r)}" aria-label="${esc(ctx.t("home.deck.more", { role: name }))}">+</button></span></div>`;
    }).join("")}<p class="help">${esc(ctx.t("home.deck.count", { n: deck.length }))}</p></div>`;
  const options = fam?.options || [];
  const themes = [["", ctx.t("home.theme.none")], ...(ctx.themes || []).map((k) => [k, ctx.has(`theme.${k}`) ? ctx.t(`theme.${k}`) : k])];
  const tmax = 604800;
  return `<details class="panel" id="edit-settings" ${ui.open?.["edit-settings"] ? "open" : ""}><summary>${esc(ctx.t("lobby.change"))}</summary>
    <form id="settings-form">
    <p class="help">${esc(ctx.t("lobby.change_help"))}</p>
    ${fams.length ? sel("set-family", "home.family", fams.map((f) => [f.key, f.title]), s.family) : ""}
    ${fam ? sel("set-scenario", "home.scenario", [...fam.scenarios.map((x) => [x.key, `${x.title} (${ctx.t("home.range", { min: x.range[0], max: x.range[1] })})`]), ["", ctx.t("home.deck.custom")]], s.scenario || "") : ""}
    ${num("set-players", "home.players", s.players, lo, Math.min(hi, 40), ctx.t("home.range", { min: lo, max: Math.min(hi, 40) }))}
    ${deckRows}
    <p class="small muted">${esc(ctx.t("lobby.mode_fixed", { mode: ctx.t(`mode.${s.mode || "phones"}`) }))}</p>
    ${options.length ? `<fieldset><legend>${esc(ctx.t("home.options"))}</legend>${options.map((o) => ctx.optionField(o, (s.options || {})[o.name] ?? o.default, "set-opt")).join("")}</fieldset>` : ""}
    <fieldset><legend>${esc(ctx.t("home.timers"))}</legend>
    ${num("set-call", "home.timer.call", tm.call, 1, tmax, ctx.t("home.timer.call.help"))}
    ${hasPackClock(fam, s.mode) ? num("set-pack", "home.timer.pack", tm.pack, 1, tmax, ctx.t("home.timer.pack.help")) : ""}
    ${num("set-discussion", "home.timer.discussion", tm.discussion, 1, tmax, ctx.t("home.timer.discussion.help"))}
    ${num("set-vote", "home.timer.vote", tm.vote, 1, tmax, ctx.t("home.timer.vote.help"))}</fieldset>
    ${sel("set-lang", "home.lang", ["en", "fr"].map((l) => [l, ctx.t(`lang.${l}`)]), s.lang)}
    ${sel("set-theme", "home.theme", themes, s.theme || "")}
    ${sel("set-bots", "home.bots", ["sensible", "random"].map((b) => [b, ctx.t(`bots.${b}`)]), s.bots)}
    <label class="inline" for="set-dead"><input type="checkbox" id="set-dead" data-set="set-dead" ${s.dead_see_all ? "checked" : ""}> ${esc(ctx.t("home.dead_see_all"))}</label>
    <p><button type="submit">${esc(ctx.t("lobby.change_save"))}</button></p></form></details>`;
}

function lobby(st, me, ui, ctx) {
  const r = st.room;
  const isHost = me.role === "narrator" || (me.role === "host");
  const link = `${ctx.origin}/r/${r.code}`;
  return `<div class="cols"><section class="panel" aria-labelledby="h-code">
    <h2 id="h-code">${esc(ctx.t("lobby.code"))}</h2>
    <p class="code" aria-label="${esc(r.code.split("").join(" "))}">${esc(r.code)}</p>
    <p><a href="/r/${esc(r.code)}" id="room-link">${esc(link)}</a></p>
    <p><button type="button" class="small" data-copy="${esc(link)}">${esc(ctx.t("lobby.copy"))}</button></p>
    ${ui.qr ? `<div class="qr" role="img" aria-label="${esc(ctx.t("lobby.qr", { link }))}">${ui.qr}</div>` : `<img class="qr" src="/api/rooms/${encodeURIComponent(r.code)}/qr.svg" alt="${esc(ctx.t("lobby.qr", { link }))}" width="300" height="300">`}
  </section>
  ${me.role === "narrator" ? namesForm(st, ui, ctx) : `<section class="panel" aria-labelledby="h-seats">
    <h2 id="h-seats">${esc(ctx.t("lobby.seats"))} <span class="muted small">(${r.seats.filter((s) => s.kind !== "empty").length}/${r.seats.length})</span></h2>
    ${isHost ? `<p class="help">${esc(ctx.t("lobby.order_help"))}</p>` : ""}
    <ul class="plain" id="seats">${r.seats.map((s) => seatLine(s, st, me, ctx, isHost)).join("")}</ul>
    ${isHost && r.seats.some((s) => s.kind === "empty") ? `<p><button type="button" data-bots-all>${esc(ctx.t("lobby.fill_bots"))}</button></p>` : ""}
    ${r.spectators ? `<p class="muted small">${esc(ctx.t("lobby.spectators", { n: r.spectators }))}</p>` : ""}
  </section>`}</div>
  <section class="panel" aria-labelledby="h-set"><h2 id="h-set">${esc(ctx.t("lobby.settings"))}</h2>${settingsSummary(st, ctx)}
    ${isHost ? settingsEditor(st, ui, ctx) : ""}
    ${notices(r.problems, "bad", ctx)}${notices(r.warnings, "warn", ctx)}
    ${isHost ? `<button type="button" class="primary" data-start ${(r.problems || []).length ? "disabled aria-describedby=\"start-why\"" : ""}>${esc(ctx.t("lobby.start"))}</button>
      ${(r.problems || []).length ? `<p class="help" id="start-why">${esc(ctx.t("lobby.start_blocked"))}</p>` : ""}` : `<p>${esc(ctx.t("lobby.wait_host"))}</p>`}
  </section>${standingsPanel(r.standings, ctx)}`;
}

function events(view) {
  return view?.events || [];
}
const mineEv = (e, me) => e.audience !== "everyone" && (!isList(e.audience) || e.audience.includes(me.seat));

/** What the seat's card is, as far as it knows: dealt, then anything it learned since. */
export function myCard(view, me) {
  let dealt = null, now = null;
  for (const e of events(view)) {
    if (!mineEv(e, me) || (isList(e.audience) && e.audience.length > 1 && e.kind === "dealt")) continue;
    if (e.kind === "dealt") dealt = e.data.role;
    if (["own_card", "became", "robbed", "copied"].includes(e.kind) && e.data.role) now = e.data.role;
  }
  return { dealt, now: now && now !== dealt ? now : null };
}

function cardPanel(view, me, ui, ctx) {
  const c = myCard(view, me);
  if (!c.dealt) return "";
  if (!ui.cardShown)
    return `<div class="card-slot"><button type="button" class="primary" data-card="show" aria-expanded="false" style="min-height:64px;width:min(100%,320px)">${esc(ctx.t("card.show"))}</button></div>`;
  return `<div class="card-slot"><div class="card-face" id="my-card" aria-live="polite"><span class="muted small">${esc(ctx.t("card.dealt"))}</span><span class="role">${esc(ctx.role(c.dealt))}</span>
    ${c.now ? `<span class="small">${esc(ctx.t("card.now", { role: ctx.role(c.now) }))}</span>` : ""}</div>
    <button type="button" data-card="hide" aria-expanded="true" aria-controls="my-card">${esc(ctx.t("card.hide"))}</button></div>`;
}

/** What a dead player is told: silence; a Lupus in Tabula Ghost still names a suspect in
 * each day's first round (RULINGS 3.3), so "stay silent and watch" was wrong there. */
function deadLine(ctx) {
  if (ctx.family === "lupus") return ctx.t("stage.you_ghost", { ghost: ctx.role("ghost") });
  return ctx.t("stage.you_dead");
}

/** The stage's banner; `shown` ({phase, night}) overrides the engine's phase and number (the
 * narrator's screen follows the line being read, see `scriptPhase`). */
function stageBanner(st, ctx, me, shown = null) {
  const g = shown ? { ...st.game, ...shown, call: null } : st.game;
  const night = g.phase === "night";
  let title, sub = "";
  if (st.room.status === "paused") title = ctx.t("stage.paused");
  else if (night) {
    title = ctx.t("stage.night", { n: g.night ?? g.view?.public?.night ?? 1 });
    if (g.call) sub = ctx.t("stage.call", { i: g.call.index + 1, of: g.call.of, step: stepName(g.call.step, ctx) });
  } else if (g.phase === "day") {
    title = ctx.t("stage.day", { n: g.night ?? g.view?.public?.day ?? 1 });
    // a decision or a defence: whose it is ("you" on their own phone)
    const waiting = (g.stage === "decide" || g.stage === "defence") && isList(g.waiting) ? g.waiting : [];
    const names = seatNames(st);
    if (waiting.length === 1 && waiting[0] === me.seat) sub = ctx.t(`stage.${g.stage}_you`);
    else if (waiting.length) sub = ctx.t(`stage.${g.stage}_by`, { who: list(waiting.map((s) => (s === me.seat ? ctx.t("seat.you") : names[s])), ctx) });
    else sub = ctx.has(`stage.${g.stage}`) ? ctx.t(`stage.${g.stage}`) : "";
  } else title = ctx.t("stage.over");
  const alive = g.view?.public?.alive;
  const dead = isList(alive) && me.seat !== null && me.seat !== undefined && !alive.includes(me.seat);
  return `<section class="stage ${night ? "night" : "day"}" aria-labelledby="h-stage"><div class="row" style="justify-content:space-between">
    <div><h2 id="h-stage">${night ? "☾" : "☀"} ${esc(title)}</h2>${sub ? `<p>${esc(sub)}</p>` : ""}${dead ? `<p><strong>${esc(deadLine(ctx))}</strong></p>` : ""}</div>
    ${clock(g.deadline, ctx)}</div></section>`;
}

/** Which night call a state shows (a seat answers each call once). */
export const callKey = (g) => `${g?.number}.${g?.night}.${g?.call?.index}`;

function nightTask(st, me, ui, names, ctx) {
  const g = st.game;
  const task = g.task;
  // a task other than the one sent is the next decision of this same call (a Werewolf's
  // vote after waking, a Doppelgänger's copied action): it is shown
  const acted = task ? ui.sentTask === task.id : ui.actedCall === callKey(g);
  if (!task && !acted) return `<section class="panel"><p>${esc(ctx.t("night.sleep"))}</p></section>`;
  if (acted) return `<section class="panel" aria-live="polite"><h3>${esc(ctx.t("night.done"))}</h3><p>${esc(ctx.t("night.done_help"))}</p></section>`;
  // Real tasks and decoys are drawn alike: the same heading, the same kind of buttons.
  return `<section class="panel" aria-labelledby="h-task"><h3 id="h-task">${esc(ctx.t("night.choose"))}</h3>
    <p class="help">${esc(ctx.t("night.choose_help"))}</p>${taskControls(task, names, ui, ctx, true)}</section>`;
}

/** This phone's day task is answered (the server says so, or the page sent it). */
const answered = (g, me, ui) => (g.done || []).includes(me.seat) || ui.sentTask === g.task?.id;

function dayTask(st, me, ui, names, ctx) {
  const g = st.game;
  const task = g.task;
  if (!task) return "";
  const done = answered(g, me, ui);
  if (done) return `<section class="panel"><p>${esc(ctx.t("day.answered"))}</p></section>`;
  const title = ctx.has(`task.${task.kind}`) ? ctx.t(`task.${task.kind}`, { captain: ctx.role("captain") }) : ctx.t("task.generic");
  return `<section class="panel" aria-labelledby="h-task"><h3 id="h-task">${esc(title)}</h3>${taskControls(task, names, ui, ctx)}</section>`;
}

/** Who voted (at a vote) or is ready to vote (in the discussion): who the day waits for, on
 * a player's, the narrator's and a spectator's screen. */
function whoPanel(st, names, ctx) {
  const stage = st.game?.stage;
  if (stage !== "vote" && stage !== "discussion") return "";
  const key = stage === "vote" ? "done" : "ready";
  return `<section class="panel"><h3>${esc(ctx.t(`day.who_${key}`))}</h3>${whoDone(st, names, ctx, key)}</section>`;
}

function whoDone(st, names, ctx, key) {
  const g = st.game;
  const list_ = key === "ready" ? g.ready || [] : g.done || [];
  const pub = g.view?.public || {};
  const alive = pub.alive;
  const dead = (i) => isList(alive) && !alive.includes(i);
  const living = names.map((_, i) => i).filter((i) => !dead(i));
  // Lupus in Tabula: stage 1 is voted in turn by the living and the Ghosts (listed in their
  // calling order, a Ghost named as one); stage 2 by the living who are not suspects.
  const lupus = key === "done" && ctx.family === "lupus";
  const ghosts = lupus && pub.step === "stage1" && isList(pub.order) && pub.order.length > 0;
  const seats = ghosts ? pub.order
    : lupus && pub.step === "stage2" && isList(pub.suspects) ? living.filter((i) => !pub.suspects.includes(i))
    : living;
  const name = (i) => (ghosts && dead(i) ? ctx.t("day.ghost_voter", { name: names[i], ghost: ctx.role("ghost") }) : names[i]);
  return `<ul class="plain grid" aria-label="${esc(ctx.t(`day.who_${key}`))}">${seats
    .map((i) => `<li>${list_.includes(i) ? "✔" : "…"} ${esc(name(i))} <span class="sr">${esc(list_.includes(i) ? ctx.t(`day.${key}_yes`) : ctx.t(`day.${key}_no`))}</span></li>`)
    .join("")}</ul>`;
}

function claims(view, names, ctx) {
  // Each day's statements, today's shown and the earlier days' folded away: by day 3 of a
  // Lupus table the whole list ran to screens of what was said before.
  let day = null;
  const days = [];
  for (const e of events(view)) {
    if (e.kind === "day_begins") day = e.data?.day ?? day;
    if (e.kind !== "statement") continue;
    if (!days.length || days[days.length - 1].day !== day) days.push({ day, said: [] });
    days[days.length - 1].said.push(e);
  }
  if (!days.length) return `<p class="muted">${esc(ctx.t("day.no_claims"))}</p>`;
  const today = days[days.length - 1].day === day ? days.pop().said : [];
  // A claim is the statement's own words when it has none (a bot's in a room not in English).
  // A person's free words may say one thing and their claim another: both are shown.  A
  // bot's words are its claim said in English: once is enough.
  const line = (e) => {
    const claim = e.data.claim ? claimText(e.data.claim, names, ctx, e.data.seat) : "";
    if (!e.data.text) return esc(claim);
    const own = claim && !ctx.isBot?.(e.data.seat);
    return `${esc(e.data.text)}${own ? `<br><span class="small muted">${esc(claim)}</span>` : ""}`;
  };
  const ul = (said) => `<ul class="plain events">${said.map((e) => `<li><strong>${esc(names[e.data.seat])}</strong>: ${line(e)}</li>`).join("")}</ul>`;
  const now = today.length ? ul(today) : `<p class="muted">${esc(ctx.t("day.no_claims_today"))}</p>`;
  if (!days.length) return now;
  const before = days.map((d) => `${d.day !== null ? `<h4>${esc(ctx.t("stage.day", { n: d.day }))}</h4>` : ""}${ul(d.said)}`).join("");
  return `${now}<details class="earlier" id="claims-earlier" ${ctx.ui?.open?.["claims-earlier"] ? "open" : ""}><summary>${esc(ctx.t("day.claims_earlier", { n: days.length }))}</summary>${before}</details>`;
}

/** "What the others said", as a panel. */
function claimsPanel(view, names, ctx) {
  return `<section class="panel" aria-labelledby="h-claims"><h3 id="h-claims">${esc(ctx.t("day.claims"))}</h3>${claims(view, names, ctx)}</section>`;
}

function deckRoles(st) {
  const v = st.game?.view;
  const deck = v?.public?.deck || st.room.table || st.room.settings?.deck || [];
  return [...new Set(deck)];
}

function claimBuilder(st, me, ui, names, ctx) {
  const roles = deckRoles(st);
  const c = ui.claim || { role: "", saw: [] };
  const family = st.room.settings?.family;
  const sawRoles = family === "lupus" ? ["werewolf", "human"] : roles;
  const opt = (v, label, sel) => `<option value="${esc(v)}" ${String(sel) === String(v) ? "selected" : ""}>${esc(label)}</option>`;
  return `<form class="panel" id="say" aria-labelledby="h-say"><h3 id="h-say">${esc(ctx.t("claim.title"))}</h3>
    <label for="claim-role">${esc(ctx.t(family && family !== "one-night" ? "claim.role.am" : "claim.role"))}</label>
    <select id="claim-role" data-claim="role">${opt("", ctx.t("claim.none"), c.role)}${roles.map((r) => opt(r, ctx.role(r), c.role)).join("")}</select>
    ${c.saw.map((s, i) => `<div class="saw" role="group" aria-label="${esc(ctx.t("claim.saw_n", { n: i + 1 }))}">
      <label class="sr" for="saw-seat-${i}">${esc(ctx.t("claim.saw_who"))}</label>
      <select id="saw-seat-${i}" data-saw="${i}" data-field="seat">${names.map((n, k) => opt(k, n, s.seat)).join("")}</select>
      <label for="saw-role-${i}" class="was">${esc(ctx.t("claim.saw_role"))}</label>
      <select id="saw-role-${i}" data-saw="${i}" data-field="role">${sawRoles.map((r) => opt(r, r === "human" ? ctx.t("claim.human", { wolf: ctx.role("werewolf") }) : ctx.role(r), s.role)).join("")}</select>
      <button type="button" class="small" data-saw-drop="${i}" aria-label="${esc(ctx.t("claim.drop"))}">✖</button></div>`).join("")}
    <button type="button" class="small" data-saw-add>${esc(ctx.t("claim.add_saw"))}</button>
    <label for="say-text">${esc(ctx.t("claim.text"))}</label>
    <textarea id="say-text" maxlength="500" data-say-text>${esc(ui.text || "")}</textarea>
    <p class="help">${esc(c.role ? claimText(c, names, ctx, me.seat) : ctx.t("claim.help"))}</p>
    <button type="submit" class="primary">${esc(ctx.t("claim.send"))}</button></form>`;
}

function notepad(st, me, ui, names, ctx) {
  const roles = deckRoles(st);
  const notes = ui.notes || {};
  return `<details class="panel" id="notepad" ${ui.open?.notepad ? "open" : ""}><summary>✎ ${esc(ctx.t("notes.title"))}</summary>
    <p class="help">${esc(ctx.t("notes.help"))}</p>
    <table><tbody>${names.map((n, i) => i === me.seat ? "" : `<tr><td>${esc(n)} ${notes[i] ? `<span class="token">${esc(ctx.role(notes[i]))}</span>` : ""}</td><td>
      <label class="sr" for="note-${i}">${esc(ctx.t("notes.for", { name: n }))}</label>
      <select id="note-${i}" data-note="${i}"><option value="">?</option>${roles.map((r) => `<option value="${esc(r)}" ${notes[i] === r ? "selected" : ""}>${esc(ctx.role(r))}</option>`).join("")}</select></td></tr>`).join("")}</tbody></table></details>`;
}

function myNight(view, me, names, ctx) {
  const mine = events(view).filter((e) => mineEv(e, me));
  return `<details class="panel" id="mynight" ${ctx.ui.open?.mynight ? "open" : ""}><summary>☾ ${esc(ctx.t("mynight.title"))}</summary>
    ${mine.length ? `<ol class="events">${eventTexts(mine, names, ctx).map((x) => `<li>${esc(x)}</li>`).join("")}</ol>` : `<p class="muted">${esc(ctx.t("mynight.empty"))}</p>`}</details>`;
}

function publicLog(view, names, ctx, open) {
  const pub = events(view).filter((e) => e.audience === "everyone" && e.kind !== "statement");
  return `<details class="panel" id="log" ${open ? "open" : ""}><summary>☰ ${esc(ctx.t("log.title"))}</summary>
    <ol class="events">${eventTexts(pub, names, ctx).map((x) => `<li>${esc(x)}</li>`).join("")}</ol></details>`;
}

function player(st, me, ui, ctx) {
  const g = st.game;
  const names = seatNames(st);
  const v = g.view;
  let body = "";
  if (g.phase === "night") body = nightTask(st, me, ui, names, ctx);
  else if (g.stage === "discussion") {
    const ready = (g.ready || []).includes(me.seat);
    body = `<div class="cols">${claimsPanel(v, names, ctx)}
      ${claimBuilder(st, me, ui, names, ctx)}</div>
      <section class="panel"><button type="button" class="primary" data-ready ${ready ? "disabled" : ""}>${esc(ready ? ctx.t("day.ready_done") : ctx.t("day.ready"))}</button>
      <h3>${esc(ctx.t("day.who_ready"))}</h3>${whoDone(st, names, ctx, "ready")}</section>`;
  } else if (g.stage === "defence" && g.task && !answered(g, me, ui)) {
    // a suspect speaks in their defence, then ends it
    body = `<div class="cols">${claimBuilder(st, me, ui, names, ctx)}${dayTask(st, me, ui, names, ctx)}</div>
      ${claimsPanel(v, names, ctx)}`;
  } else {
    body = `${dayTask(st, me, ui, names, ctx)}
      ${whoPanel(st, names, ctx)}
      ${claimsPanel(v, names, ctx)}`;
  }
  return `${stageBanner(st, ctx, me)}${cardPanel(v, me, ui, ctx)}${body}${myNight(v, me, names, ctx)}${notepad(st, me, ui, names, ctx)}${publicLog(v, names, ctx, false)}`;
}

/** The script's cues, each with its start `at` (seconds after the origin): given by the
server, or else the sum of the lengths before it. */
export function timedCues(narr) {
  let at = 0;
  return (narr?.cues || []).map((c) => {
    const out = { ...c, at: typeof c.at === "number" ? c.at : at };
    at = out.at + (c.seconds || 0);
    return out;
  });
}

/** The cue being spoken (or the last one) and the next, from the narrator's script. */
export function currentCue(narr, t) {
  const cues = timedCues(narr);
  let i = -1;
  for (let k = 0; k < cues.length; k++) if (narr.origin + cues[k].at <= t) i = k;
  return { index: i, cue: cues[i] || null, next: cues[i + 1] || null };
}

/** What the game master told the narrator, each once its moment in the script has come
 * (the game master runs ahead of the script, as its questions do): the latest notes, the
 * earlier ones folded. */
function narratorNotes(n, when, ctx) {
  const at = n.notes_at || [];
  const notes = (n.notes || []).filter((_, i) => typeof at[i] !== "number" || n.origin + at[i] <= when + 0.25);
  if (!notes.length) return "";
  const RECENT = 4;
  const earlier = notes.slice(0, -RECENT);
  const items = (xs) => xs.map((x) => `<li>${esc(x)}</li>`).join("");
  return `<section class="panel" aria-labelledby="h-notes"><h3 id="h-notes">${esc(ctx.t("narr.notes"))}</h3><ul>${items(notes.slice(-RECENT))}</ul>
    ${earlier.length ? `<details><summary>${esc(ctx.t("narr.notes_earlier", { n: earlier.length }))}</summary><ul>${items(earlier)}</ul></details>` : ""}</section>`;
}

/** Where the script being read is, when it and the game do not agree: a night's last lines
 * are still read when the game master has run ahead to dawn, a day's when it is at
 * nightfall; One Night's day is read from its script while the game waits for the votes.
 * None when the script and the game agree. */
export function scriptPhase(g, cues, index) {
  if (!g || index < 0) return null;
  const last = (kind) => cues.map((c) => c.kind).lastIndexOf(kind);
  const pub = g.view?.public || {};
  if (g.phase === "night" && index < last("nightfall")) return { phase: "day", night: Math.max(1, (pub.night ?? 1) - 1) };
  if (g.phase === "night" && last("dawn") > last("nightfall") && index >= last("dawn")) return { phase: "day", night: pub.night ?? 1 };
  if (g.phase === "day" && index < last("dawn")) return { phase: "night", night: pub.day ?? 1 };
  return null;
}

function narrator(st, me, ui, ctx) {
  const n = st.narrator || {};
  const g = st.game;
  const names = seatNames(st);
  const when = n.paused_at ?? ctx.now;
  const { index, cue, next } = currentCue(n, when);
  const cues = timedCues(n);
  const end = cue ? n.origin + cue.at + (cue.seconds || 0) : null;
  // A question shows when its time in the script comes (a script paused holds it back).
  const ask = n.ask && (typeof n.ask.at !== "number" || n.origin + n.ask.at <= when + 0.25) ? n.ask : null;
  const paused = st.room.status === "paused";
  // The script panel while the script runs (in the narrated mode it runs by day too).
  const running = !g || (g.stage !== "verdict" && g.phase !== "over" && cues.length > 0);
  // The script is whole (One Night's night, or the end) unless a question waits: the game
  // master writes the Thiercelieux and Lupus script only as far as its next question.
  const whole = !n.ask || n.ask.key === "ask.final_cards";
  return `${g ? stageBanner(st, ctx, me, running ? scriptPhase(g, cues, index) : null) : ""}
  ${running ? "" : "<!--"}<section class="panel" aria-labelledby="h-cue"><h2 id="h-cue">${esc(ctx.t("narr.now"))}${cue ? ` <span class="muted small">(${esc(ctx.t(whole ? "narr.line_of" : "narr.line", { i: index + 1, n: cues.length }))})</span>` : ""}</h2>
    ${paused ? `<p class="clock big">${clockText(end ? end - when : 0)}</p>` : end && end > ctx.now ? clock(end, ctx, true) : g?.deadline ? clock(g.deadline, ctx, true) : ""}
    <p class="cue" id="cue-text" lang="${esc(st.room.settings?.lang || "en")}">${esc(cue ? cue.text : ctx.t("narr.none"))}</p>
    ${next ? `<p class="muted"><strong>${esc(ctx.t("narr.next"))}</strong> <span lang="${esc(st.room.settings?.lang || "en")}">${esc(next.text)}</span></p>` : ""}
    <div class="row">
      <button type="button" data-op="${paused ? "resume" : "pause"}" class="primary">${esc(ctx.t(paused ? "narr.resume" : "narr.pause"))}</button>
      <button type="button" data-skip ${cue ? "" : "disabled"}>${esc(ctx.t("narr.skip"))}</button>
      <button type="button" data-mute aria-pressed="${!!ui.muted}">${esc(ctx.t("narr.mute"))}</button>
    </div>
    ${ui.offline ? `<p class="notice warn">${esc(ctx.t("narr.offline"))}</p>` : ""}
  </section>${running ? "" : `-->${g && g.phase !== "over" ? `<p class="row"><button type="button" data-op="${paused ? "resume" : "pause"}">${esc(ctx.t(paused ? "narr.resume" : "narr.pause"))}</button></p>` : ""}`}
  ${ask?.form ? finalForm(ask, ui, ctx) : ""}
  ${ask && !ask.form ? `<section class="panel" aria-labelledby="h-ask"><h2 id="h-ask">${esc(ask.question)}</h2>
    ${askChoices(ask, ui, ctx)}
    <form class="row" id="answer-free" data-ask="${ask.id}"><label class="sr" for="answer-text">${esc(ctx.t("narr.free"))}</label>
    <input id="answer-text" placeholder="${esc(ctx.t("narr.free"))}"><button type="submit">${esc(ctx.t("narr.send"))}</button></form></section>` : ""}
  ${narratorNotes(n, when, ctx)}
  ${whoPanel(st, names, ctx)}
  <details class="panel"><summary>${esc(ctx.t("narr.script"))}</summary><ol class="events">${cues.map((c, k) => `<li ${k === index ? 'aria-current="step"' : ""}>${k === index ? "▶ " : ""}<span class="muted small">${clockText(c.at)}</span> ${esc(c.text)}</li>`).join("")}</ol></details>
  ${g?.view ? publicLog(g.view, names, ctx, false) : ""}`;
}

/** A question's choices as buttons: one tap answers; where several make an answer (Cupid's
 * two Lovers, `ask.pick`; up to `pick` with `ask.upto`: the Werewolves who kept their eyes
 * shut), taps choose and "Send" answers with them together, and a choice that answers alone
 * (`ask.alone`: "nobody") answers at one tap. */
function askChoices(ask, ui, ctx) {
  const choices = ask.choices || [];
  const pick = ask.pick || 1;
  const answer = (c) => `<button type="button" data-answer="${esc(c)}" data-ask="${ask.id}">${esc(c)}</button>`;
  if (pick <= 1) return `<div class="choices">${choices.map(answer).join("")}</div>`;
  const alone = ask.alone || [];
  const chosen = ui.answerPick?.ask === ask.id ? ui.answerPick.names : [];
  const ready = ask.upto ? chosen.length >= 1 && chosen.length <= pick : chosen.length === pick;
  return `<p class="help">${esc(ctx.t(ask.upto ? "narr.pick_upto" : "narr.pick", { n: pick }))}</p>
    <div class="choices" role="group">${choices.filter((c) => !alone.includes(c)).map((c) => `<button type="button" data-answer-pick="${esc(c)}" data-ask="${ask.id}" data-most="${pick}" aria-pressed="${chosen.includes(c)}">${chosen.includes(c) ? "✔ " : ""}${esc(c)}</button>`).join("")}</div>
    <div class="row"><button type="button" class="primary" data-answer="${esc(chosen.join(", "))}" data-ask="${ask.id}" ${ready ? "" : "disabled"}>${esc(ready ? ctx.t("narr.send_these", { names: list(chosen, ctx) }) : ctx.t("narr.send"))}</button>${alone.map(answer).join("")}</div>`;
}

/** "Who won?": the card in front of each player and whom each pointed at. */
function finalForm(ask, ui, ctx) {
  const players = ask.form.players || [];
  const cards = ask.form.cards || [];
  const f = ui.final || {};
  return `<form class="panel" id="final" data-ask="${esc(ask.id)}" aria-labelledby="h-final"><h2 id="h-final">${esc(ctx.t("narr.final"))}</h2>
    <p class="help">${esc(ctx.t("narr.final_help"))}</p>${ask.form.doppelganger ? `<p class="help">${esc(ctx.t("narr.final_doppel", { doppelganger: ctx.role("doppelganger") }))}</p>` : ""}
    <div class="wide"><table><thead><tr><th scope="col">${esc(ctx.t("end.player"))}</th><th scope="col">${esc(ctx.t("narr.final_card"))}</th><th scope="col">${esc(ctx.t("narr.final_vote"))}</th></tr></thead><tbody>
    ${players.map((p, i) => `<tr><th scope="row">${esc(p)}</th>
      <td><label class="sr" for="fc-${i}">${esc(ctx.t("narr.card_of", { name: p }))}</label><select id="fc-${i}" data-final-card="${i}" required><option value="">?</option>${cards.map((c) => `<option value="${esc(c)}" ${f.cards?.[i] === c ? "selected" : ""}>${esc(ctx.role(c))}</option>`).join("")}</select></td>
      <td><label class="sr" for="fv-${i}">${esc(ctx.t("narr.vote_of", { name: p }))}</label><select id="fv-${i}" data-final-vote="${i}" required><option value="">?</option>${players.map((q, k) => (k === i ? "" : `<option value="${k}" ${f.votes?.[i] === k ? "selected" : ""}>${esc(q)}</option>`)).join("")}</select></td></tr>`).join("")}
    </tbody></table></div><button type="submit" class="primary">${esc(ctx.t("narr.final_go"))}</button></form>`;
}

/** A narrated room's lobby: the narrator types the players' names, clockwise. */
function namesForm(st, ui, ctx) {
  const seats = st.room.seats;
  return `<form class="panel" id="names" aria-labelledby="h-names"><h2 id="h-names">${esc(ctx.t("lobby.names"))}</h2>
    <p class="help">${esc(ctx.t("lobby.names_help"))}</p>
    ${seats.map((s, i) => `<label for="nm-${i}">${esc(ctx.t("seat.n", { n: i + 1 }))}</label><input id="nm-${i}" data-name-seat="${i}" maxlength="24" required value="${esc(ui.names?.[i] ?? s.name ?? "")}">`).join("")}
    <p><button type="submit">${esc(ctx.t("lobby.names_save"))}</button></p></form>`;
}

function spectator(st, me, ui, ctx) {
  const names = seatNames(st);
  const g = st.game;
  const alive = g.view?.public?.alive;
  // Lupus in Tabula's dead are its Ghosts (they still vote in stage 1)
  const dead = ctx.family === "lupus" ? ctx.role("ghost") : ctx.t("spect.dead");
  return `${stageBanner(st, ctx, me)}<section class="panel"><h3>${esc(ctx.t("spect.table"))}</h3><ul class="plain grid">${names
    .map((n, i) => `<li class="${isList(alive) && !alive.includes(i) ? "dead" : ""}">${esc(n)}${isList(alive) && !alive.includes(i) ? ` (${esc(dead)})` : ""}</li>`).join("")}</ul></section>
    ${whoPanel(st, names, ctx)}${claimsPanel(g.view, names, ctx)}${publicLog(g.view, names, ctx, true)}`;
}

function endView(st, me, ui, ctx) {
  const g = st.game;
  const names = seatNames(st);
  const v = g.view || {};
  const ev = events(v);
  const revealed = [...ev].reverse().find((e) => e.kind === "cards_revealed")?.data || {};
  const vr = g.verdict || {};
  const res = vr.result || {};
  const outcome = v.outcome || [...ev].reverse().find((e) => e.kind === "game_over")?.data || {};
  const winners = (res.winners || []).map((w) => (typeof w === "object" ? w.seat : w));
  const win = winners.length ? winners : outcome.winners || [];
  const reasons = res.reasons || outcome.reasons || [];
  const cards = revealed.players || revealed.cards || (res.cards || []).map((c) => c.card) || [];
  const effective = revealed.effective || revealed.roles || null;
  const dealt = new Map();
  for (const e of ev) if (e.kind === "dealt" && isList(e.audience) && e.audience.length === 1) dealt.set(e.audience[0], e.data.role);
  const died = (res.deaths || []).map((d) => d.seat);
  const deaths = new Set([...died, ...(v.public?.dead || []), ...((isList(v.public?.alive) ? names.map((_, i) => i).filter((i) => !v.public.alive.includes(i)) : []))]);
  const isHost = me.role === "host" || me.role === "narrator";
  // The story in the page's language when the server told it so (`told`), else the room's.
  const mineTold = vr.told?.[ctx.lang];
  const toldLang = mineTold ? ctx.lang : st.room.settings?.lang || "en";
  const told = (mineTold?.timeline || (vr.timeline || []).map((l) => l.text)).filter(Boolean);
  const toldReason = new Map((mineTold?.reasons || []).map((r) => [r.code, r.text]));
  const votes = (res.votes || []).map((v) => `${v.name} → ${v.for?.name ?? "?"}`);
  const showDealt = dealt.size > 0;
  const roles = Object.fromEntries(["werewolf", "tanner", "minion", "seer", "werehamster"].map((k) => [k, ctx.role(k)]));
  const reason = (r) => (ctx.has(`reason.${r.code}`) ? ctx.t(`reason.${r.code}`, roles) : toldReason.get(r.code) || r.text || r.code);
  const mine = win.includes(me.seat);
  return `<section class="stage day" aria-labelledby="h-end"><h2 id="h-end">${esc(ctx.t("end.title"))}</h2>
    <p class="cue">${esc(win.length ? ctx.t("end.winners", { names: list(win.map((s) => names[s]), ctx) }) : ctx.t("end.nobody"))}</p>
    ${me.seat !== null && me.seat !== undefined && me.role !== "narrator" && me.role !== "spectator" ? `<p><strong>${esc(ctx.t(mine ? "end.you_won" : "end.you_lost"))}</strong></p>` : ""}
    <ul>${reasons.map((r) => `<li>${esc(reason(r))}</li>`).join("")}</ul></section>
  <section class="panel" aria-labelledby="h-cards"><h2 id="h-cards">${esc(ctx.t("end.cards"))}</h2>
    <div class="wide"><table><thead><tr><th scope="col">${esc(ctx.t("end.player"))}</th>${showDealt ? `<th scope="col">${esc(ctx.t("end.dealt"))}</th>` : ""}<th scope="col">${esc(ctx.t("end.final"))}</th></tr></thead><tbody>
    ${names.map((n, i) => `<tr><td class="${win.includes(i) ? "winner" : ""}">${esc(n)}${win.includes(i) ? ` <span class="sr">${esc(ctx.t("end.winner"))}</span>` : ""}${deaths.has(i) ? ` <span class="badge">${esc(ctx.t("end.died"))}</span>` : ""}</td>
      ${showDealt ? `<td>${esc(dealt.has(i) ? ctx.role(dealt.get(i)) : "—")}</td>` : ""}<td>${esc(cards[i] ? ctx.role(cards[i]) : "—")}${effective && effective[i] && effective[i] !== cards[i] ? ` (${esc(ctx.role(effective[i]))})` : ""}</td></tr>`).join("")}
    </tbody></table></div>
    ${revealed.centre ? `<p>${esc(ctx.t("end.centre"))} ${esc(revealed.centre.map((r) => ctx.role(r)).join(", "))}</p>` : ""}
    ${revealed.set_aside?.length ? `<p>${esc(ctx.t("end.set_aside"))} ${esc(revealed.set_aside.map((r) => ctx.role(r)).join(", "))}</p>` : ""}
  </section>
  ${votes.length ? `<section class="panel"><h2>${esc(ctx.t("end.votes"))}</h2><ul>${votes.map((x) => `<li>${esc(x)}</li>`).join("")}</ul></section>` : ""}
  ${told.length || ev.length ? `<details class="panel" open><summary>${esc(ctx.t("end.told"))}</summary>
    ${told.length ? `<ol class="events" lang="${esc(toldLang)}">${told.map((x) => `<li>${esc(x)}</li>`).join("")}</ol>` : `<ol class="events">${eventTexts(ev, names, ctx).map((x) => `<li>${esc(x)}</li>`).join("")}</ol>`}
  </details>` : ""}
  ${standingsPanel(st.room.standings, ctx)}
  ${ctx.recordUrl ? `<p><a href="${esc(ctx.recordUrl)}" download="loupgarou-${esc(st.room.code)}-${esc(g.number ?? 1)}.json" id="record-link">${esc(ctx.t("end.record"))}</a></p>` : ""}
  ${isHost ? `<p><button type="button" class="primary" data-op="rematch">${esc(ctx.t("end.rematch"))}</button></p>` : ""}
  <p><a class="button" href="/">${esc(ctx.t("end.home"))}</a></p>`;
}

/** The room's tournament (`room.standings`): a point for each game won, first to the
 * target alone at the top; nothing before the room's first game ends. */
function standingsPanel(sd, ctx) {
  if (!sd || !isList(sd.points) || !sd.points.length) return "";
  const games = sd.games === 1 ? ctx.t("standings.after_one") : ctx.t("standings.after", { n: sd.games });
  const news = sd.champion
    ? `<p class="cue">${esc(ctx.t("standings.champion", { name: sd.champion }))}</p><p class="muted">${esc(ctx.t("standings.next"))}</p>`
    : sd.tied ? `<p><strong>${esc(ctx.t("standings.tied"))}</strong></p>` : "";
  const earlier = isList(sd.champions) && sd.champions.length ? `<p class="muted">${esc(ctx.t("standings.champions", { names: list(sd.champions, ctx) }))}</p>` : "";
  return `<section class="panel" aria-labelledby="h-standings" id="standings"><h2 id="h-standings">${esc(ctx.t("standings.title"))} <span class="muted small">(${esc(games)})</span></h2>
    <p class="help">${esc(ctx.t("standings.rule", { target: sd.target }))}</p>${news}
    <table><thead><tr><th scope="col">${esc(ctx.t("end.player"))}</th><th scope="col">${esc(ctx.t("standings.points"))}</th></tr></thead><tbody>
    ${sd.points.map(([name, pts]) => `<tr><td class="${name === sd.champion ? "winner" : ""}">${esc(name)}</td><td>${esc(pts)}</td></tr>`).join("")}
    </tbody></table>${earlier}</section>`;
}

function joinForm(ui, ctx) {
  return `<form class="panel" id="joinform"><h2>${esc(ctx.t("join.title", { code: ui.code }))}</h2>
    <label for="jn">${esc(ctx.t("home.name"))}</label><input id="jn" maxlength="24" value="${esc(ui.name || "")}" required>
    <div class="row"><button class="primary" type="submit">${esc(ctx.t("home.join.go"))}</button><button type="button" data-watch>${esc(ctx.t("home.watch"))}</button></div></form>`;
}

/** A seated player's offer to take the host's rights while the host has no device
 * connected (a phone gone flat): without a host nobody could start, pause, resume or
 * begin a rematch.  The server takes it only while the host is away. */
function hostAway(st, me, ctx) {
  const r = st.room;
  if (me.role !== "player" || r.settings?.mode !== "phones" || typeof r.host !== "number") return "";
  const host = r.seats?.[r.host];
  if (!host || host.connected) return "";
  return `<p class="notice warn" role="status" id="host-away">${esc(ctx.t("host.away", { name: host.name }))}
    <button type="button" data-op="take_host">${esc(ctx.t("host.take"))}</button></p>`;
}

/** The whole room page for the last state. */
export function render(st, me, ui, ctx) {
  const fatal = ui.fatal ? `<p class="notice bad" role="alert">${esc(ui.fatal)}</p>` : "";
  if (ui.askJoin) return fatal + joinForm(ui, ctx);
  if (!st) return `${fatal}<p>${esc(ctx.t(ui.fatal ? "room.gone" : "common.connecting"))}</p>${ui.fatal ? `<p><a class="button" href="/">${esc(ctx.t("end.home"))}</a></p>` : ""}`;
  const s = st.room.status;
  const problem = fatal + hostAway(st, me, ctx);
  if (s === "lobby" || !st.game) return problem + lobby(st, me, ui, ctx);
  if (s === "over" || st.game.phase === "over") return problem + endView(st, me, ui, ctx);
  if (me.role === "narrator") return problem + narrator(st, me, ui, ctx);
  if (me.seat === null || me.seat === undefined) return problem + spectator(st, me, ui, ctx);
  const paused = s === "paused" && (me.role === "host") ? `<p><button type="button" data-op="resume" class="primary">${esc(ctx.t("narr.resume"))}</button></p>` : "";
  const pause = s === "playing" && me.role === "host" ? `<p><button type="button" data-op="pause" class="small">${esc(ctx.t("narr.pause"))}</button></p>` : "";
  return problem + player(st, me, ui, ctx) + paused + pause;
}
