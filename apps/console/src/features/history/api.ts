import type { HistoryQuery } from '../../components/frames/useHistory';
import { ApiError, buildUrl, handleEnvelope, headers, NETWORK_ERROR } from '../../lib/http';
import { i18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/**
 * Download an export (xlsx). The token travels as a header, so the file is fetched and saved
 * from a blob; an error answer is the usual envelope.
 */
export async function downloadExport(path: string, query: HistoryQuery, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query as Record<string, string>), { headers: headers() });
  } catch {
    toast.error(i18n.t('errors:serverError'));
    throw new ApiError(NETWORK_ERROR, 'network');
  }
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    handleEnvelope(await res.json());
    return;
  }
  if (!res.ok) {
    toast.error(i18n.t('errors:serverError'));
    return;
  }
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = decodeURIComponent(name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
