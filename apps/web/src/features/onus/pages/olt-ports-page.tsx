import { OnuListPage } from './onu-list-page';

export default function OltPortsPage() {
  return <OnuListPage source="ports" />;
}
