import { VersionsPage } from '../components/VersionsPage';

/** /gateway/version/deb: the deb versions. */
export default function DebVersions() {
  return <VersionsPage kind="deb" />;
}
