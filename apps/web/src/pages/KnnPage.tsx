import { ModelConfigPage } from '../features/wizard/pages/ModelConfigPage.tsx';

/** Route /knn: the KNN hyperparameters. */
export default function KnnPage() {
  return <ModelConfigPage family="KNN" />;
}
