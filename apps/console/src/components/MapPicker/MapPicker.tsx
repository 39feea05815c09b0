import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebConfig } from '../../lib/webConfig';
import { createGaode, createGoogle, type MapAdapter } from './loader';

export type MapType = 'gaode' | 'google';
export interface MapPoint {
  mapType: MapType;
  lng: number;
  lat: number;
}

const valid = (lng: number, lat: number) =>
  Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lng) <= 180 && Math.abs(lat) <= 90;

/**
 * Map picker (Gaode or Google per /api/webConfig): place search, click to place the marker,
 * clear. Without a key, with maps disabled, offline or when the SDK fails to load, only the
 * coordinate fields remain — never an error page. Default zoom 11.
 */
export function MapPicker({ value, onChange }: { value: MapPoint | null; onChange: (v: MapPoint | null) => void }) {
  const { t } = useTranslation('map');
  const cfg = useWebConfig();
  const mapType: MapType = cfg.data?.mapType ?? 'google';
  const key = cfg.data ? (mapType === 'gaode' ? cfg.data.gaodeMapKey : cfg.data.googleMapKey) : '';
  const usable = Boolean(cfg.data?.mapEnabled && key);
  const [status, setStatus] = useState<'loading' | 'ready' | 'fallback'>('loading');
  const el = useRef<HTMLDivElement>(null);
  const adapter = useRef<MapAdapter | null>(null);
  const change = useRef(onChange);
  change.current = onChange;
  const initial = useRef(value);
  const [query, setQuery] = useState('');
  const [lng, setLng] = useState(value ? String(value.lng) : '');
  const [lat, setLat] = useState(value ? String(value.lat) : '');
  const fields = useRef({ lng, lat });
  fields.current = { lng, lat };

  useEffect(() => {
    if (cfg.isLoading) return;
    if (!usable || !el.current) {
      setStatus('fallback');
      return;
    }
    let cancelled = false;
    const start = initial.current;
    const create = mapType === 'gaode' ? createGaode : createGoogle;
    create(el.current, key, start ? [start.lng, start.lat] : null, (x, y) =>
      change.current({ mapType, lng: +x.toFixed(6), lat: +y.toFixed(6) }),
    )
      .then((a) => {
        if (cancelled) return a.destroy();
        adapter.current = a;
        if (start) a.setMarker(start.lng, start.lat);
        setStatus('ready');
      })
      .catch(() => !cancelled && setStatus('fallback'));
    return () => {
      cancelled = true;
      adapter.current?.destroy();
      adapter.current = null;
    };
  }, [cfg.isLoading, usable, mapType, key]);

  // Keep marker and fields in step with the value (fields being typed keep their text).
  useEffect(() => {
    const f = fields.current;
    const complete = f.lng.trim() !== '' && f.lat.trim() !== '' && valid(Number(f.lng), Number(f.lat));
    const same = value ? complete && Number(f.lng) === value.lng && Number(f.lat) === value.lat : !complete;
    if (!same) {
      setLng(value ? String(value.lng) : '');
      setLat(value ? String(value.lat) : '');
    }
    if (!adapter.current) return;
    if (value) adapter.current.setMarker(value.lng, value.lat);
    else adapter.current.clearMarker();
  }, [value]);

  const typed = (nextLng: string, nextLat: string) => {
    setLng(nextLng);
    setLat(nextLat);
    const x = Number(nextLng);
    const y = Number(nextLat);
    // A half-typed location is no location: the form never sends a stale one.
    if (nextLng.trim() !== '' && nextLat.trim() !== '' && valid(x, y)) change.current({ mapType, lng: x, lat: y });
    else change.current(null);
  };
  const badLng = lng.trim() !== '' && !(Math.abs(Number(lng)) <= 180);
  const badLat = lat.trim() !== '' && !(Math.abs(Number(lat)) <= 90);

  const search = async () => {
    if (!adapter.current || !query.trim()) return;
    const hit = await adapter.current.search(query.trim());
    if (hit) change.current({ mapType, lng: +hit.lng.toFixed(6), lat: +hit.lat.toFixed(6) });
    else setQuery('');
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="map-picker" data-map-status={status}>
      {status !== 'fallback' && (
        <>
          <TextField
            size="small"
            placeholder={t('searchPlace')}
            value={query}
            disabled={status !== 'ready'}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void search();
              }
            }}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton size="small" aria-label={t('search')} onClick={() => void search()}>
                      <SearchIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box ref={el} sx={{ height: 280, borderRadius: 1, bgcolor: 'action.hover' }} aria-label={t('map')} />
        </>
      )}
      {status === 'fallback' && (
        <Alert severity="info" variant="outlined" data-testid="map-fallback">
          {usable ? t('unavailable') : t('noKey')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('longitude')}
          value={lng}
          onChange={(e) => typed(e.target.value, lat)}
          error={badLng}
          helperText={badLng ? t('range', { min: -180, max: 180 }) : ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'map-lng' } }}
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          label={t('latitude')}
          value={lat}
          onChange={(e) => typed(lng, e.target.value)}
          error={badLat}
          helperText={badLat ? t('range', { min: -90, max: 90 }) : ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'map-lat' } }}
          sx={{ flex: 1 }}
        />
        <Button
          startIcon={<ClearIcon />}
          onClick={() => {
            setQuery('');
            setLng('');
            setLat('');
            change.current(null);
          }}
          disabled={!value && lng === '' && lat === ''}
          sx={{ mt: 0.5 }}
          data-testid="map-clear"
        >
          {t('clear')}
        </Button>
      </Box>
    </Box>
  );
}
