/** Loads a maps SDK script once; rejects on error or after `timeoutMs` (offline, blocked, bad key). */
const loading = new Map<string, Promise<void>>();

function loadScript(src: string, ready: () => boolean, timeoutMs = 8000): Promise<void> {
  if (ready()) return Promise.resolve();
  const existing = loading.get(src);
  if (existing) return existing;
  const p = new Promise<void>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    const timer = setTimeout(() => reject(new Error('map script timeout')), timeoutMs);
    const poll = setInterval(() => {
      if (ready()) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
    el.onerror = () => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error('map script failed'));
    };
    document.head.appendChild(el);
  });
  p.catch(() => loading.delete(src));
  loading.set(src, p);
  return p;
}

export interface MapAdapter {
  /** Places (or moves) the marker and centres the map on it. */
  setMarker(lng: number, lat: number): void;
  clearMarker(): void;
  /** First match of a place search, or null. */
  search(query: string): Promise<{ lng: number; lat: number } | null>;
  destroy(): void;
}

type Click = (lng: number, lat: number) => void;
const w = () => window as unknown as { AMap?: any; google?: any };

export async function createGaode(el: HTMLElement, key: string, center: [number, number] | null, onClick: Click) {
  await loadScript(`https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(key)}&plugin=AMap.PlaceSearch`, () =>
    Boolean(w().AMap?.Map),
  );
  const AMap = w().AMap;
  const map = new AMap.Map(el, { zoom: 11, ...(center ? { center } : {}) });
  let marker: any = null;
  map.on('click', (e: any) => onClick(e.lnglat.getLng(), e.lnglat.getLat()));
  const adapter: MapAdapter = {
    setMarker(lng, lat) {
      if (!marker) marker = new AMap.Marker({ position: [lng, lat], map });
      else marker.setPosition([lng, lat]);
      map.setCenter([lng, lat]);
    },
    clearMarker() {
      marker?.setMap(null);
      marker = null;
    },
    search: (query) =>
      new Promise((resolve) => {
        const ps = new AMap.PlaceSearch({ pageSize: 1 });
        ps.search(query, (status: string, result: any) => {
          const loc = status === 'complete' ? result?.poiList?.pois?.[0]?.location : null;
          resolve(loc ? { lng: loc.getLng(), lat: loc.getLat() } : null);
        });
      }),
    destroy: () => map.destroy(),
  };
  return adapter;
}

export async function createGoogle(el: HTMLElement, key: string, center: [number, number] | null, onClick: Click) {
  await loadScript(`https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(key)}&libraries=places`, () =>
    Boolean(w().google?.maps?.Map && w().google?.maps?.places),
  );
  const g = w().google.maps;
  const map = new g.Map(el, {
    zoom: 11,
    center: center ? { lng: center[0], lat: center[1] } : { lng: 0, lat: 20 },
    streetViewControl: false,
  });
  let marker: any = null;
  map.addListener('click', (e: any) => onClick(e.latLng.lng(), e.latLng.lat()));
  const places = new g.places.PlacesService(map);
  const adapter: MapAdapter = {
    setMarker(lng, lat) {
      if (!marker) marker = new g.Marker({ position: { lng, lat }, map });
      else marker.setPosition({ lng, lat });
      map.setCenter({ lng, lat });
    },
    clearMarker() {
      marker?.setMap(null);
      marker = null;
    },
    search: (query) =>
      new Promise((resolve) => {
        places.findPlaceFromQuery({ query, fields: ['geometry'] }, (res: any[] | null, status: string) => {
          const loc = status === 'OK' ? res?.[0]?.geometry?.location : null;
          resolve(loc ? { lng: loc.lng(), lat: loc.lat() } : null);
        });
      }),
    destroy: () => {
      marker?.setMap(null);
    },
  };
  return adapter;
}
