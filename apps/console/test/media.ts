/** A MediaQueryList that answers `matches` and never changes (jsdom has none). */
export function mediaList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}

/** Media queries answered as a browser window `width` px wide would (max-width ones only). */
export function windowOf(width: number) {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return mediaList(query, max ? width <= Number(max[1]) : false);
  };
}
