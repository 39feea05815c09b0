import { VersionsPage } from '../components/VersionsPage';

/** /gateway/version/agent: the gateway agent (bridge) versions. */
export default function AgentVersions() {
  return <VersionsPage kind="agent" />;
}
