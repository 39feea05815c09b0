import { z } from 'zod';

/**
 * How a command's result is shown, told by its shape (docs/protocols/gateway-agent.md): a shell
 * command's output, the reverse tunnel's state, the web shell's state, or any other JSON.
 */
const shellResult = z.object({
  code: z.number().nullable().optional(),
  stdout: z.string(),
  stderr: z.string(),
  truncated: z.boolean().optional(),
});
const tunnelResult = z.object({
  running: z.boolean(),
  host: z.string().optional(),
  port: z.number().optional(),
  user: z.string().optional(),
  remotePort: z.number().optional(),
});
const wsshResult = z.object({ open: z.boolean(), sessions: z.number() });

export type ResultView =
  | ({ kind: 'shell' } & z.infer<typeof shellResult>)
  | ({ kind: 'tunnel' } & z.infer<typeof tunnelResult>)
  | ({ kind: 'wssh' } & z.infer<typeof wsshResult>)
  | { kind: 'json'; data: unknown }
  | { kind: 'none' };

export function resultView(result: unknown): ResultView {
  if (result === null || result === undefined) return { kind: 'none' };
  const shell = shellResult.safeParse(result);
  if (shell.success) return { kind: 'shell', ...shell.data };
  const tunnel = tunnelResult.safeParse(result);
  if (tunnel.success) return { kind: 'tunnel', ...tunnel.data };
  const wssh = wsshResult.safeParse(result);
  if (wssh.success) return { kind: 'wssh', ...wssh.data };
  return { kind: 'json', data: result };
}
