import { OnuListPage } from './onu-list-page';

export default function OltDataPortsPage() {
  return <OnuListPage source="data-ports" />;
}
