import { ModelConfigPage } from '../features/wizard/pages/ModelConfigPage.tsx';

/** Route /decisiontree: the DT hyperparameters. */
export default function DecisionTreePage() {
  return <ModelConfigPage family="DT" />;
}
