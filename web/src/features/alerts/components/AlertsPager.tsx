import { Pager, type PagerProps } from '../../../components/Pager';

export type AlertsPagerProps = Omit<PagerProps, 'label'>;

export function AlertsPager(props: AlertsPagerProps) {
  return <Pager {...props} label="Alerts pages" />;
}
