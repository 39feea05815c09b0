import { licenseApi } from '@lns/contract/api/license';
import type { LicenseUpdateBody } from '@lns/contract/license';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const KEY = ['platform', 'license'] as const;

/** What the license allows and what is used (admins). */
export function useLicenseStatus() {
  return useQuery({ queryKey: KEY, queryFn: () => api.data(licenseApi.status, undefined) });
}

/** Installs a license and sets the token; the status shown is the one the answer carries. */
export function useSaveLicense() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LicenseUpdateBody) => api.data(licenseApi.update, body, { silent: true }),
    onSuccess: (status) => {
      if (status) qc.setQueryData(KEY, status);
    },
  });
}
