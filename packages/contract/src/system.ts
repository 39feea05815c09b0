import { z } from 'zod';

export const versionInfo = z.object({ version: z.string(), git_version: z.string(), build_time: z.string() });
export type VersionInfo = z.infer<typeof versionInfo>;

export const MAP_TYPES = ['gaode', 'google'] as const;
export const webConfig = z.object({
  customIcon: z.string(),
  customLogo: z.string(),
  hideLogo: z.boolean(),
  mapEnabled: z.boolean(),
  mapType: z.enum(MAP_TYPES),
  gaodeMapKey: z.string(),
  googleMapKey: z.string(),
  /** Company-info switch: shows the online-docs link in the header. */
  docsUrl: z.string(),
});
export type WebConfig = z.infer<typeof webConfig>;
