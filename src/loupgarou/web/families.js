// The catalog (GET /api/catalog) read into one shape for the pages.
import { currentLang, entries, has, t } from "./common.js";

export const num = (x, d) => (Number.isFinite(+x) ? +x : d);
const range = (p) => {
  if (Array.isArray(p) && p.length) return [num(Math.min(...p), 3), num(Math.max(...p), 40)];
  return [num(p?.min, 3), num(p?.max, 40)];
};
/** A text that may come per language ({"en": …, "fr": …}). */
export const local = (x) => (x && typeof x === "object" ? x[currentLang()] ?? x.en ?? Object.values(x)[0] : x ?? "");

/** The catalog's families: key, title, range, scenarios (with their decks), roles, options. */
export function families(cat) {
  return entries(cat?.families, "key").map(([key, f]) => {
    const roleMap = f.roles && !Array.isArray(f.roles) ? f.roles.en?.[""] || {} : {};
    const roles = Array.isArray(f.roles) ? f.roles.map((r) => r.role || r) : Object.keys(roleMap).filter((k) => !k.endsWith(".many"));
    return {
      key,
      title: has(`family.${key}`) ? t(`family.${key}`) : local(f.title) || key,
      range: range(f.players),
      scenarios: entries(f.scenarios, "key").map(([k, s]) => ({
        key: k,
        title: has(`scen.${key}.${k}`) ? t(`scen.${key}.${k}`) : local(s.title) || k,
        about: has(`scen.${key}.${k}.about`) ? t(`scen.${key}.${k}.about`) : "",
        range: range(s.players),
        counts: Array.isArray(s.players) ? s.players : null,
        decks: s.decks || null,
      })),
      roles,
      names: f.roles && !Array.isArray(f.roles) ? f.roles : {},
      options: entries(f.options, "name").map(([k, o]) => ({ ...o, name: k })),
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
  const lang = currentLang();
  if (theme && f) {
    const themed = f.names?.[lang]?.[theme]?.[role];
    if (themed) return themed;
  }
  const key = `role.${role}${many ? ".many" : ""}`;
  if (has(key)) return t(key);
  if (has(`role.${role}`)) return t(`role.${role}`);
  const plain = f?.names?.[lang]?.[""]?.[role];
  if (plain) return plain;
  return role.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}
