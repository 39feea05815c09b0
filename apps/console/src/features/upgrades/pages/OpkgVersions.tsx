import { VersionsPage } from '../components/VersionsPage';

/** /gateway/version/opkg: the opkg versions. */
export default function OpkgVersions() {
  return <VersionsPage kind="opkg" />;
}
