// The catalog (GET /api/catalog) read into one shape for the pages.
import { currentLang, entries, esc, has, t } from "./common.js";

export const num = (x, d) => (Number.isFinite(+x) ? +x : d);
const range = (p) => {
  if (Array.isArray(p) && p.length) return [num(Math.min(...p), 3), num(Math.max(...p), 40)];
  return [num(p?.min, 3), num(p?.max, 40)];
};
/** A text that may come per language ({"en": …, "fr": …}). */
export const local = (x) => (x && typeof x === "object" ? x[currentLang()] ?? x.en ?? Object.values(x)[0] : x ?? "");

/** A role's name from a family's names (`{lang: {theme or "": {role, role.many}}}`): the
 * theme's in the page's language, else the family's own (a family may name a role its own
 * way, Lupus's "Voyant", and the page must say what the story and the narrator say), else
 * our own translation. */
function nameIn(names, theme, role, many = false) {
  const lang = currentLang();
  const suffix = many ? ".many" : "";
  const themed = theme ? names?.[lang]?.[theme]?.[role + suffix] ?? names?.[lang]?.[theme]?.[role] : null;
  if (themed) return themed;
  const plain = names?.[lang]?.[""]?.[role + suffix] ?? names?.[lang]?.[""]?.[role];
  if (plain) return plain;
  const key = `role.${role}${suffix}`;
  if (has(key)) return t(key);
  if (has(`role.${role}`)) return t(`role.${role}`);
  return role.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** The placeholders that name a family's roles in the rules' and tables' texts: `{witch}`,
 * and `{witch_many}` for the plural, as the theme names them (the family's own names without one). */
function roleWords(names, theme) {
  const words = {};
  const known = new Set(Object.values(names || {}).flatMap((per) => Object.keys(per?.[""] || {})));
  for (const k of known) {
    if (k.endsWith(".many")) continue;
    words[k] = nameIn(names, theme, k);
    words[`${k}_many`] = nameIn(names, theme, k, true);
  }
  return words;
}

/** The catalog's families: key, title, range, scenarios (with their decks), roles, options;
 * their texts name the roles as `theme` does. */
/** Whether a room of ``mode`` has the pack's own clock (``timers.pack``): phones at a family
 * whose pack chooses a victim at a call of its own (the catalog's ``victim_call``). */
export function hasPackClock(fam, mode) {
  return !!fam?.packCall && mode !== "narrated";
}

export function families(cat, theme = null) {
  return entries(cat?.families, "key").map(([key, f]) => {
    const roleMap = f.roles && !Array.isArray(f.roles) ? f.roles.en?.[""] || {} : {};
    const roles = Array.isArray(f.roles) ? f.roles.map((r) => r.role || r) : Object.keys(roleMap).filter((k) => !k.endsWith(".many"));
    const names = f.roles && !Array.isArray(f.roles) ? f.roles : {};
    const words = roleWords(names, theme);
    return {
      key,
      title: has(`family.${key}`) ? t(`family.${key}`) : local(f.title) || key,
      range: range(f.players),
      scenarios: entries(f.scenarios, "key").map(([k, s]) => ({
        key: k,
        title: has(`scen.${key}.${k}`) ? t(`scen.${key}.${k}`, words) : local(s.title) || k,
        about: has(`scen.${key}.${k}.about`) ? t(`scen.${key}.${k}.about`, words) : "",
        range: range(s.players),
        counts: Array.isArray(s.players) ? s.players : null,
        decks: s.decks || null,
      })),
      roles,
      names,
      packCall: !!f.victim_call,
      options: entries(f.options, "name").map(([k, o]) => ({ ...o, name: k, words })),
    };
  });
}

let cache = null;
let cacheFor = null;
function familyOf(cat, key) {
  if (cacheFor !== cat) {
    cache = new Map(families(cat).map((f) => [f.key, f]));
    cacheFor = cat;
  }
  return cache.get(key);
}

/** A role in words: the room's theme in the page's language, else our own name. */
export function roleName(cat, family, theme, role, many = false) {
  if (!role) return "?";
  const f = family && cat ? familyOf(cat, family) : null;
  return nameIn(f?.names, f ? theme : null, role, many);
}

/** A table option's label, help and choices in the page's language: our words when the
 * translations hold them (`opt.NAME`, `opt.NAME.help`, `opt.NAME.VALUE`, roles named as the
 * theme the option was read with names them), else the catalog's. */
export function optionWords(o) {
  const w = o.words || {};
  const label = has(`opt.${o.name}`) ? t(`opt.${o.name}`, w) : o.label || o.name.replace(/_/g, " ");
  const help = has(`opt.${o.name}.help`) ? t(`opt.${o.name}.help`, w) : o.help || o.meaning || "";
  const choice = (c) => (has(`opt.${o.name}.${c}`) ? t(`opt.${o.name}.${c}`, w) : String(c));
  return { label, help, choice };
}

/** The field of a table option (home page and lobby): a checkbox, a list or a number,
 * with its help; `prefix` keeps the ids of the two pages apart. */
export function optionField(o, value, prefix = "opt") {
  const id = `${prefix}-${o.name}`;
  const { label, help, choice } = optionWords(o);
  const e = esc;
  if (o.kind === "bool" || typeof o.default === "boolean") {
    return `<label class="inline" for="${id}"><input type="checkbox" id="${id}" data-opt="${e(o.name)}" data-kind="bool" aria-describedby="${id}-h" ${value ? "checked" : ""}> ${e(label)}</label><p class="help" id="${id}-h">${e(help)}</p>`;
  }
  const choices = o.choices || o.allowed || [];
  let input;
  if (choices.length) {
    input = `<select id="${id}" data-opt="${e(o.name)}" aria-describedby="${id}-h">${choices
      .map((c) => `<option value="${e(c)}" ${String(c) === String(value) ? "selected" : ""}>${e(choice(c))}</option>`)
      .join("")}</select>`;
  } else {
    const kind = o.kind === "int" || o.kind === "float" || typeof o.default === "number" ? "number" : "text";
    const step = o.kind === "float" ? ' step="any"' : "";
    input = `<input id="${id}" type="${kind}"${step} data-opt="${e(o.name)}" data-kind="${kind}" value="${e(value ?? "")}" aria-describedby="${id}-h">`;
  }
  return `<label for="${id}">${e(label)}</label>${input}<p class="help" id="${id}-h">${e(help)}</p>`;
}
