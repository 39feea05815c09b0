import { VersionsPage } from '../components/VersionsPage';

/** /gateway/version/packet-forwarder: the packet forwarder versions. */
export default function PacketForwarderVersions() {
  return <VersionsPage kind="packetForwarder" />;
}
