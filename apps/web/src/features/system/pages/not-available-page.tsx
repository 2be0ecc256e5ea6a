import { NotAvailable } from '../../../shared/ui/not-available';

export default function NotAvailablePage({ title }: { title: string }) {
  return <NotAvailable title={title} />;
}
