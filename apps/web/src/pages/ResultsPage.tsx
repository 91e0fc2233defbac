import { useSearchParams } from 'react-router';
import { ResultDetail } from '../features/results/ResultDetail.tsx';

/** /results?id=<jobId>: the result detail of one of the user's jobs. */
export default function ResultsPage() {
  const [params] = useSearchParams();
  return <ResultDetail jobId={params.get('id')} />;
}
