/** Recent searches of this browser (localStorage `recentSearches`), newest first, at most 10. */
const KEY = 'recentSearches';
export const MAX_RECENT = 10;

export function readRecent(): string[] {
  if (typeof window === 'undefined') return [];
  try {
    const v = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

function write(list: string[]): string[] {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // storage full or disabled: recent searches are a convenience only
  }
  return list;
}

export function addRecent(keyword: string): string[] {
  const k = keyword.trim();
  if (!k) return readRecent();
  return write([k, ...readRecent().filter((x) => x !== k)].slice(0, MAX_RECENT));
}

export function removeRecent(keyword: string): string[] {
  return write(readRecent().filter((x) => x !== keyword));
}

export function clearRecent(): string[] {
  return write([]);
}
