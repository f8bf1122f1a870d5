// The home page: create a room from the catalog, or join one by its code.
import { api, errorText, esc, has, langSwitch, loadLang, pickLang, saveToken, store, t } from "./common.js";
import { families, hasPackClock, num, optionField, roleName } from "./families.js";

const app = document.getElementById("app");
let catalog = null;
let loadError = null;
let busy = false;
let error = null;
const DEFAULTS = {
  family: "one-night", scenario: null, deck: null, players: 5, options: {}, mode: "phones",
  lang: "en", theme: null, timers: { call: 10, pack: 30, discussion: 300, vote: 60 }, bots: "sensible",
  dead_see_all: false,
};
let settings = { ...DEFAULTS, ...(store.get("settings") || {}) };
let myName = store.get("name") || "";

function family() {
  const all = families(catalog, settings.theme);
  return all.find((f) => f.key === settings.family) || all[0];
}

function scenarioDeck(s, n) {
  return s?.decks?.[String(n)] || null;
}

function deckEditor(fam) {
  const deck = settings.deck || [];
  const count = (r) => deck.filter((x) => x === r).length;
  return `<div role="group" aria-label="${esc(t("home.deck"))}">${fam.roles
    .map((r) => {
      const name = roleName(catalog, settings.family, settings.theme, r);
      return `<div class="deckrow"><span>${esc(name)}</span><span class="row">
        <button type="button" class="small" data-deck="-" data-role="${r}" aria-label="${esc(t("home.deck.less", { role: name }))}">−</button>
        <output aria-label="${esc(name)}">${count(r)}</output>
        <button type="button" class="small" data-deck="+" data-role="${r}" aria-label="${esc(t("home.deck.more", { role: name }))}">+</button></span></div>`;
    })
    .join("")}<p class="help">${esc(t("home.deck.count", { n: deck.length }))}</p></div>`;
}

function render() {
  document.getElementById("langs").innerHTML = langSwitch();
  document.title = `loupgarou · ${t("home.title")}`;
  if (loadError) {
    app.innerHTML = `<h1>${esc(t("home.title"))}</h1><p class="notice bad">${esc(t("home.catalog_error"))} ${esc(loadError)}</p>`;
    return;
  }
  if (!catalog) {
    app.innerHTML = `<p>${esc(t("common.loading"))}</p>`;
    return;
  }
  const fams = families(catalog, settings.theme);
  const fam = family();
  const scen = fam.scenarios.find((s) => s.key === settings.scenario) || null;
  const [lo, hi] = scen ? scen.range : fam.range;
  const themes = (catalog.themes || []).map((k) => [k, has(`theme.${k}`) ? t(`theme.${k}`) : k]);
  const tb = catalog.timers || {};
  const tmin = num(tb.min, 1), tmax = num(tb.max, 604800);
  const timer = (k) => `<label for="timer-${k}">${esc(t(`home.timer.${k}`))}</label>
    <input id="timer-${k}" type="number" inputmode="numeric" min="${tmin}" max="${tmax}" data-timer="${k}" value="${esc(settings.timers[k])}" aria-describedby="timer-${k}-h">
    <p class="help" id="timer-${k}-h">${esc(t(`home.timer.${k}.help`))}</p>`;
  app.innerHTML = `
  <h1>${esc(t("home.title"))}</h1>
  <p class="muted">${esc(t("home.tagline"))}</p>
  <div class="cols">
  <form id="join" class="panel" autocomplete="off">
    <h2>${esc(t("home.join"))}</h2>
    <label for="join-code">${esc(t("home.code"))}</label>
    <input id="join-code" name="code" required maxlength="5" autocapitalize="characters" spellcheck="false" pattern="[A-Za-z0-9]{5}" style="text-transform:uppercase;letter-spacing:.2em;font-weight:700" aria-describedby="join-code-h">
    <p class="help" id="join-code-h">${esc(t("home.code.help"))}</p>
    <label for="join-name">${esc(t("home.name"))}</label>
    <input id="join-name" name="name" maxlength="24" value="${esc(myName)}">
    <div class="row"><button class="primary" type="submit">${esc(t("home.join.go"))}</button>
    <button type="button" id="watch">${esc(t("home.watch"))}</button></div>
  </form>
  <form id="create" class="panel" autocomplete="off">
    <h2>${esc(t("home.create"))}</h2>
    <fieldset><legend>${esc(t("home.family"))}</legend>
      ${fams.map((f) => `<label class="inline"><input type="radio" name="family" value="${esc(f.key)}" ${f.key === fam.key ? "checked" : ""}> ${esc(f.title)} <span class="muted small">(${esc(t("home.range", { min: f.range[0], max: f.range[1] }))})</span></label>`).join("<br>")}
    </fieldset>
    <label for="scenario">${esc(t("home.scenario"))}</label>
    <select id="scenario">${fam.scenarios.map((s) => `<option value="${esc(s.key)}" ${scen && s.key === scen.key ? "selected" : ""}>${esc(s.title)} (${esc(t("home.range", { min: s.range[0], max: s.range[1] }))})</option>`).join("")}
      <option value="" ${scen ? "" : "selected"}>${esc(t("home.deck.custom"))}</option></select>
    ${scen?.about ? `<p class="help">${esc(scen.about)}</p>` : ""}
    <label for="players">${esc(t("home.players"))}</label>
    <input id="players" type="number" inputmode="numeric" min="${lo}" max="${hi}" value="${esc(settings.players)}" aria-describedby="players-h">
    <p class="help" id="players-h">${esc(t("home.range", { min: lo, max: hi }))}</p>
    <div id="players-deck" aria-live="polite">${playersDeck(scen)}</div>
    ${scen ? "" : deckEditor(fam)}
    <fieldset><legend>${esc(t("home.mode"))}</legend>
      ${["phones", "narrated"].map((m) => `<label class="inline"><input type="radio" name="mode" value="${m}" ${settings.mode === m ? "checked" : ""}> ${esc(t(`mode.${m}`))}</label><p class="help">${esc(t(`mode.${m}.help`))}</p>`).join("")}
    </fieldset>
    <label for="my-name">${esc(t("home.name"))}</label>
    <input id="my-name" maxlength="24" value="${esc(myName)}" aria-describedby="my-name-h">
    <p class="help" id="my-name-h">${esc(t(settings.mode === "narrated" ? "home.name.narrator" : "home.name.help"))}</p>
    <details><summary>${esc(t("home.more"))}</summary>
    ${fam.options.length ? `<fieldset><legend>${esc(t("home.options"))}</legend>${fam.options.map((o) => optionField(o, settings.options[o.name] ?? o.default)).join("")}</fieldset>` : ""}
    <fieldset><legend>${esc(t("home.timers"))}</legend>${["call", ...(hasPackClock(fam, settings.mode) ? ["pack"] : []), "discussion", "vote"].map(timer).join("")}</fieldset>
    <label for="room-lang">${esc(t("home.lang"))}</label>
    <select id="room-lang">${(catalog.languages || ["en", "fr"]).map((l) => { const c = l.code || l; return `<option value="${esc(c)}" ${settings.lang === c ? "selected" : ""}>${esc(t(`lang.${c}`))}</option>`; }).join("")}</select>
    <label for="theme">${esc(t("home.theme"))}</label>
    <select id="theme"><option value="">${esc(t("home.theme.none"))}</option>${themes.map(([k, title]) => `<option value="${esc(k)}" ${settings.theme === k ? "selected" : ""}>${esc(title)}</option>`).join("")}</select>
    <label for="bots">${esc(t("home.bots"))}</label>
    <select id="bots">${["sensible", "random"].map((b) => `<option value="${b}" ${settings.bots === b ? "selected" : ""}>${esc(t(`bots.${b}`))}</option>`).join("")}</select>
    <label class="inline"><input type="checkbox" id="dead-see-all" ${settings.dead_see_all ? "checked" : ""}> ${esc(t("home.dead_see_all"))}</label>
    </details>
    ${error ? `<p class="notice bad" role="alert">${esc(error)}</p>` : ""}
    <button class="primary" type="submit" ${busy ? "disabled" : ""}>${esc(t("home.create.go"))}</button>
  </form>
  </div>`;
}

/** The deck a scenario deals at the chosen player count, or why it has none. */
function playersDeck(scen) {
  const deck = scen ? scenarioDeck(scen, settings.players) : null;
  return `${deck ? `<p class="help">${esc(t("home.deck.is"))} ${esc(deck.map((r) => roleName(catalog, settings.family, settings.theme, r)).join(", "))}</p>` : ""}
    ${scen && !deck ? `<p class="notice warn">${esc(t("home.players.not_for", { n: settings.players, list: (scen.counts || []).join(", ") }))}</p>` : ""}`;
}

function readForm() {
  const q = (s) => app.querySelector(s);
  const fam = family();
  const f = app.querySelector('input[name="family"]:checked')?.value || fam.key;
  if (f !== settings.family) {
    settings.family = f;
    const nf = family();
    settings.scenario = nf.scenarios[0]?.key ?? null;
    settings.options = {};
    settings.deck = null;
    const [lo, hi] = nf.scenarios[0]?.range || nf.range;
    settings.players = Math.min(Math.max(settings.players, lo), hi);
    return;
  }
  const sc = q("#scenario")?.value ?? "";
  settings.scenario = sc || null;
  if (settings.scenario) settings.deck = null;
  else settings.deck = settings.deck || [];
  settings.players = num(q("#players")?.value, settings.players);
  settings.mode = app.querySelector('input[name="mode"]:checked')?.value || settings.mode;
  myName = q("#my-name")?.value.trim() ?? myName;
  for (const el of app.querySelectorAll("[data-opt]")) {
    const k = el.dataset.opt;
    settings.options[k] = el.dataset.kind === "bool" ? el.checked : el.dataset.kind === "number" ? num(el.value, 0) : el.value;
  }
  for (const el of app.querySelectorAll("[data-timer]")) settings.timers[el.dataset.timer] = num(el.value, 1);
  settings.lang = q("#room-lang")?.value || settings.lang;
  settings.theme = q("#theme")?.value || null;
  settings.bots = q("#bots")?.value || settings.bots;
  settings.dead_see_all = !!q("#dead-see-all")?.checked;
}

function remember() {
  store.set("settings", settings);
  store.set("name", myName);
}

app.addEventListener("change", (e) => {
  if (e.target.closest("#create")) {
    const details = app.querySelector("details")?.open;
    readForm();
    remember();
    // Typing in a text field changes nothing on screen: no re-render (the click that
    // blurred it must still land on its button, the field it moved to keep its focus).
    if (e.target.matches("input[type=text], input:not([type]), input[type=number]:not(#players), [data-timer], [data-opt][data-kind]")) return;
    if (e.target.id === "players") {
      // only the deck changes with the count: the rest of the form stays as it is
      const scen = family().scenarios.find((s) => s.key === settings.scenario) || null;
      app.querySelector("#players-deck").innerHTML = playersDeck(scen);
      return;
    }
    render();
    if (details) app.querySelector("details").open = true;
  }
});
app.addEventListener("click", (e) => {
  const b = e.target.closest("button[data-deck]");
  if (b) {
    readForm();
    const deck = settings.deck || [];
    if (b.dataset.deck === "+") deck.push(b.dataset.role);
    else {
      const i = deck.lastIndexOf(b.dataset.role);
      if (i >= 0) deck.splice(i, 1);
    }
    settings.deck = deck;
    remember();
    render();
    app.querySelector(`button[data-deck="${b.dataset.deck}"][data-role="${b.dataset.role}"]`)?.focus();
    return;
  }
  if (e.target.id === "watch") {
    const code = app.querySelector("#join-code").value.trim().toUpperCase();
    if (code.length === 5) {
      sessionStorage.setItem(`lg.intent.${code}`, JSON.stringify({ watch: true }));
      location.href = `/r/${encodeURIComponent(code)}`;
    } else app.querySelector("#join-code").reportValidity();
  }
});
app.addEventListener("submit", async (e) => {
  e.preventDefault();
  if (e.target.id === "join") {
    const code = e.target.code.value.trim().toUpperCase();
    const name = e.target.name.value.trim();
    if (name) store.set("name", name);
    sessionStorage.setItem(`lg.intent.${code}`, JSON.stringify({ name }));
    location.href = `/r/${encodeURIComponent(code)}`;
    return;
  }
  readForm();
  remember();
  if (settings.mode === "phones" && !myName) {
    error = t("home.name.needed");
    render();
    app.querySelector("#my-name")?.focus();
    return;
  }
  busy = true;
  error = null;
  render();
  try {
    const body = { settings: { ...settings, deck: settings.scenario ? null : settings.deck }, name: myName || null };
    const r = await api("/api/rooms", body);
    saveToken(r.code, r.token);
    location.href = r.url || `/r/${r.code}`;
  } catch (err) {
    error = `${errorText(err)} (${err.code})`;
    busy = false;
    render();
  }
});
document.getElementById("langs").addEventListener("click", async (e) => {
  const b = e.target.closest("[data-lang]");
  if (!b) return;
  readForm();
  await loadLang(b.dataset.lang);
  render();
});

(async () => {
  await loadLang(pickLang());
  if (!store.get("settings")) settings.lang = document.documentElement.lang;
  else settings.timers = { ...DEFAULTS.timers, ...(settings.timers || {}) };
  render();
  try {
    catalog = await api("/api/catalog");
    const fam = family();
    if (!fam) throw new Error("empty catalog");
    if (settings.family !== fam.key) settings.family = fam.key;
    if (settings.scenario === null && !settings.deck) settings.scenario = fam.scenarios[0]?.key ?? null;
    if (!store.get("settings") && catalog.timers?.default) settings.timers = { ...settings.timers, ...catalog.timers.default };
  } catch (err) {
    loadError = err.message;
  }
  render();
  window.__lg = { ready: true, formAt: performance.now() };
})();
