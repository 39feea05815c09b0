import { z } from 'zod';

export const versionInfo = z.object({ version: z.string(), git_version: z.string(), build_time: z.string() });
export type VersionInfo = z.infer<typeof versionInfo>;

export const MAP_TYPES = ['gaode', 'google'] as const;
/**
 * Why the server has no MQTT broker: its default port was taken by another program (and
 * MQTT_PORT was not set to choose one). Applications cannot enable MQTT then (3104).
 */
export const MQTT_UNAVAILABLE_REASONS = ['portInUse'] as const;
export const mqttAvailability = z.object({
  available: z.boolean(),
  reason: z.enum(MQTT_UNAVAILABLE_REASONS).nullable(),
  /** The port the embedded broker wanted (for the explanation). */
  port: z.number().int(),
});
export type MqttAvailability = z.infer<typeof mqttAvailability>;

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
  mqtt: mqttAvailability,
  /** The largest file an upload may carry (MB, UPLOAD_MAX_MB). */
  uploadMaxMb: z.number().optional(),
});
export type WebConfig = z.infer<typeof webConfig>;
