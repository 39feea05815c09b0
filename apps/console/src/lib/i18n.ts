import type { Locale } from '@lns/contract/codes';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * i18next with one JSON file per language and namespace: src/locales/<lang>/<ns>.json.
 * Each file is its own lazily loaded chunk; adding a namespace = adding one file per
 * language, then `useTranslation('<ns>')`.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

export const LANGUAGES: readonly Locale[] = ['zh-CN', 'en-US'];
/** Each language in its own words (the language menu). */
export const LANGUAGE_NAMES: Record<string, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };
const LANG_KEY = 'lns.lang';

/** Remembered choice, else the browser: zh* → Chinese, anything else → English. */
function startLanguage(): Locale {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (saved === 'zh-CN' || saved === 'en-US') return saved;
  } catch {}
  const nav = typeof navigator !== 'undefined' ? navigator.language : '';
  return nav.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, cb) {
    const load = files[`../locales/${lng}/${ns}.json`];
    if (!load) return cb(null, {});
    load().then(
      (m) => cb(null, m.default),
      (e) => cb(e as Error, null),
    );
  },
};

function applyDocument(lng: Locale) {
  dayjs.locale(lng === 'zh-CN' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

let ready: Promise<unknown> | undefined;

/** Call once before the first render (main.tsx awaits it; tests call it too). */
export function initI18n(lng: Locale = startLanguage()): Promise<unknown> {
  if (ready) return ready;
  applyDocument(lng);
  ready = i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: [...LANGUAGES],
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['common', 'layout', 'errors'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  return ready;
}

export function currentLocale(): Locale {
  return i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';
}

/** Switch from the header/login language menu; remembered across visits. */
export async function setLanguage(lng: Locale): Promise<void> {
  try {
    localStorage.setItem(LANG_KEY, lng);
  } catch {}
  applyDocument(lng);
  await i18n.changeLanguage(lng);
}

export { i18n };
