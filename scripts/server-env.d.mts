/** spawn()'s command and arguments running `command args…` after sourcing server-env.sh. */
export function inServerEnv(command: string, args: string[]): ['sh', string[]];
