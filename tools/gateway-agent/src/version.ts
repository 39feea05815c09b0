/** The agent's version (package.json's; a test keeps the two equal), reported as bridgeVersion. */
export const AGENT_VERSION = '1.0.0';
