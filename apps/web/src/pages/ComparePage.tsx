import { useSearchParams } from 'react-router';
import { CompareJobs } from '../features/jobs/CompareJobs.tsx';
import { parseCompareIds } from '../features/jobs/compare.ts';

/** /compare?ids=a,b: two or more of the user's jobs side by side. */
export default function ComparePage() {
  const [params] = useSearchParams();
  return <CompareJobs ids={parseCompareIds(params.get('ids'))} />;
}
