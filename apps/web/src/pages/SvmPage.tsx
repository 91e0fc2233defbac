import { ModelConfigPage } from '../features/wizard/pages/ModelConfigPage.tsx';

/** Route /svm: the SVM hyperparameters. */
export default function SvmPage() {
  return <ModelConfigPage family="SVM" />;
}
