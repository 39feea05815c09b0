import type { systemApi } from '@lns/contract/api/system';
import { systemRoutes } from '@lns/contract/api/system-routes';
import { UPLOAD_MAX_BYTES } from '@lns/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, routesOf } from './api';

/** By route (RouteOf in api.ts): the login page shows the configured logo without loading zod. */
const system = routesOf<typeof systemApi>(systemRoutes);

/** The web configuration, once per page load; sets the favicon from customIcon. */
export function useWebConfig() {
  const q = useQuery({
    queryKey: ['webConfig'],
    queryFn: () => api.data(system.webConfig, undefined, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const icon = q.data?.customIcon;
  useEffect(() => {
    if (!icon) return;
    const link = document.getElementById('favicon') as HTMLLinkElement | null;
    if (link) link.href = icon;
  }, [icon]);
  return q;
}

/** Whether the server has an MQTT broker; until the web config has loaded, assume it has. */
export function useMqttAvailability() {
  return useWebConfig().data?.mqtt ?? { available: true, reason: null, port: 0 };
}

/** The largest file the file store takes (the server's UPLOAD_MAX_MB); its 1 MB default until the configuration has loaded. */
export function useUploadMaxBytes(): number {
  const mb = useWebConfig().data?.uploadMaxMb;
  return mb ? mb * 1024 * 1024 : UPLOAD_MAX_BYTES;
}
