import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from './features/auth/RequireAuth.tsx';
import { AppLayout } from './components/AppLayout.tsx';
import { RouteErrorBoundary } from './components/RouteErrorBoundary.tsx';
import { FullPageLoader } from './components/FullPageLoader.tsx';
import { useTranslation } from 'react-i18next';

function PageLoading() {
  const { t } = useTranslation();
  return <FullPageLoader label={t('states.loading')} />;
}

type PageModule = Promise<{ default: ComponentType }>;

/** A route whose page file is loaded on first visit (one chunk per page). */
const page = (path: string, load: () => PageModule): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await load()).default }),
});

/** Routes anyone may open. */
export const publicRoutes: RouteObject[] = [
  page('/', () => import('./pages/LoginPage.tsx')),
  page('/register', () => import('./pages/RegisterPage.tsx')),
];

/** Routes of signed-in users (the demo viewer included): spec section 2's route table. */
export const signedInRoutes: RouteObject[] = [
  page('/home', () => import('./pages/HomePage.tsx')),
  page('/about', () => import('./pages/AboutPage.tsx')),
  page('/questions', () => import('./pages/QuestionsPage.tsx')),
  page('/whoimport', () => import('./pages/WhoImportPage.tsx')),
  page('/uploadcsv', () => import('./pages/UploadCsvPage.tsx')),
  page('/targetselection', () => import('./pages/TargetSelectionPage.tsx')),
  page('/adddata', () => import('./pages/AddDataPage.tsx')),
  page('/selectpreprocessingstep', () => import('./pages/SelectPreprocessingStepPage.tsx')),
  page('/dadosausentes', () => import('./pages/MissingDataPage.tsx')),
  page('/outliers', () => import('./pages/OutliersPage.tsx')),
  page('/selecao', () => import('./pages/AttributeSelectionPage.tsx')),
  page('/discretizacao', () => import('./pages/DiscretizationPage.tsx')),
  page('/balanceamento', () => import('./pages/BalancingPage.tsx')),
  page('/selectmlstep', () => import('./pages/SelectMlStepPage.tsx')),
  page('/ann', () => import('./pages/AnnPage.tsx')),
  page('/decisiontree', () => import('./pages/DecisionTreePage.tsx')),
  page('/randomforest', () => import('./pages/RandomForestPage.tsx')),
  page('/knn', () => import('./pages/KnnPage.tsx')),
  page('/svm', () => import('./pages/SvmPage.tsx')),
  page('/results', () => import('./pages/ResultsPage.tsx')),
  page('/compare', () => import('./pages/ComparePage.tsx')),
  page('/profile', () => import('./pages/ProfilePage.tsx')),
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      ...publicRoutes,
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: signedInRoutes,
      },
      page('*', () => import('./pages/NotFoundPage.tsx')),
    ],
  },
];
