import { ModelConfigPage } from '../features/wizard/pages/ModelConfigPage.tsx';

/** Route /randomforest: the RF hyperparameters. */
export default function RandomForestPage() {
  return <ModelConfigPage family="RF" />;
}
