import { systemApi } from '@lns/contract/api/system';
import { FILE_MAX_BYTES } from '@lns/contract/files';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api';

/** The web configuration, once per page load; sets the favicon from customIcon. */
export function useWebConfig() {
  const q = useQuery({
    queryKey: ['webConfig'],
    queryFn: () => api.data(systemApi.webConfig, undefined, { silent: true }),
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
  return mb ? mb * 1024 * 1024 : FILE_MAX_BYTES;
}
