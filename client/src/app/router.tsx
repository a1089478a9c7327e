import { Suspense, useEffect } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, useNavigate, type RouteObject } from 'react-router-dom';
import { setUnauthorizedHandler } from '../lib/api/client';
import { session } from '../lib/session';
import { startEarlyReads } from '../features/game/api/early';
import { AdminEntry, CatchAll, RequireAdmin, RequirePlayer } from './guards';
import { paths } from '../lib/paths';
import { PageLoading } from '../components/PageLoading';
import { MobileTabBar } from '../components/MobileTabBar';
import { AuthModalProvider } from '../session/AuthModalProvider';
import { prefetchEngineOnIntent, prefetchGameEngine } from '../game/prefetch';
import { RouteMetadata } from './RouteMetadata';
import { RealtimeBridge } from './RealtimeBridge';
import { lazyPage } from './lazyPage';
import { appSlots } from './slots';
import { SlotsProvider } from '../lib/slots';

// Every screen is its own chunk: the landing never downloads the game (and its Phaser engine).
const LandingPage = lazyPage(() => import('../features/landing/LandingPage'));
/** The game screen's chunk, fetched ahead by the board engine's prefetch (game/prefetch.ts). */
const loadGameScreen = () => import('../features/game/GamePage');
const GamePage = lazyPage(loadGameScreen);
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const AdminLoginPage = lazyPage(() => import('../features/admin/AdminLoginPage'));
const AdminDashboardPage = lazyPage(() => import('../features/admin/AdminDashboardPage'));
const FeaturesPage = lazyPage(() => import('../features/info/pages/FeaturesPage'));
const HowToPlayPage = lazyPage(() => import('../features/info/pages/HowToPlayPage'));
const HelpCenterPage = lazyPage(() => import('../features/info/pages/HelpCenterPage'));
const PrivacyPolicyPage = lazyPage(() => import('../features/info/pages/PrivacyPolicyPage'));
const TermsOfServicePage = lazyPage(() => import('../features/info/pages/TermsOfServicePage'));
const ContactUsPage = lazyPage(() => import('../features/info/pages/ContactUsPage'));
const FeatureRequestPage = lazyPage(() => import('../features/info/pages/FeatureRequestPage'));
const VerifyEmailPage = lazyPage(() => import('../features/auth/VerifyEmailPage'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'));
const LoginLinkPage = lazyPage(() => import('../features/auth/LoginLinkPage'));

// Opened straight on /game, signed in (a reload, the installed app's start page): the screen, its
// engine and its first reads leave now, alongside the app's own code, not after the first render.
if (location.pathname === paths.game && session.isSignedIn()) {
  startEarlyReads();
  prefetchGameEngine(loadGameScreen);
}

function Root() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => navigate(paths.login, { replace: true }));
  }, [navigate]);
  useEffect(() => prefetchEngineOnIntent(paths.game, loadGameScreen), []);
  // The auth modal navigates on success, so it lives inside the router.
  return (
    <AuthModalProvider>
      <SlotsProvider slots={appSlots}>
        <RouteMetadata />
        <RealtimeBridge />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
        <MobileTabBar />
      </SlotsProvider>
    </AuthModalProvider>
  );
}

const infoRoutes = [
  { path: paths.features, element: <FeaturesPage /> },
  { path: paths.howToPlay, element: <HowToPlayPage /> },
  { path: paths.helpCenter, element: <HelpCenterPage /> },
  { path: paths.privacyPolicy, element: <PrivacyPolicyPage /> },
  { path: paths.termsOfService, element: <TermsOfServicePage /> },
  { path: paths.contactUs, element: <ContactUsPage /> },
  { path: paths.featureRequest, element: <FeatureRequestPage /> },
];

/** Every route of the app; the browser router below and the build's prerender (client/src/prerender) use it. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: paths.home, element: <LandingPage /> },
      {
        path: paths.game,
        element: (
          <RequirePlayer>
            <GamePage />
          </RequirePlayer>
        ),
      },
      {
        path: paths.profile,
        element: (
          <RequirePlayer>
            <ProfilePage />
          </RequirePlayer>
        ),
      },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.verifyEmail, element: <VerifyEmailPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.loginLink, element: <LoginLinkPage /> },
      {
        path: paths.admin,
        element: (
          <AdminEntry>
            <AdminLoginPage />
          </AdminEntry>
        ),
      },
      {
        path: paths.adminDashboard,
        element: (
          <RequireAdmin>
            <AdminDashboardPage />
          </RequireAdmin>
        ),
      },
      ...infoRoutes,
      { path: '*', element: <CatchAll /> },
    ],
  },
];

/** The screen each path opens on, for the first render (guarded screens only when they will show). */
function firstScreen(pathname: string) {
  const signedIn = session.isSignedIn();
  const screens: Record<string, { preload: () => Promise<unknown> } | false> = {
    [paths.home]: LandingPage,
    [paths.game]: signedIn && GamePage,
    [paths.profile]: signedIn && ProfilePage,
    [paths.login]: LoginPage,
    [paths.admin]: AdminLoginPage,
    [paths.adminDashboard]: session.get().adminToken !== null && AdminDashboardPage,
    [paths.features]: FeaturesPage,
    [paths.howToPlay]: HowToPlayPage,
    [paths.helpCenter]: HelpCenterPage,
    [paths.privacyPolicy]: PrivacyPolicyPage,
    [paths.termsOfService]: TermsOfServicePage,
    [paths.contactUs]: ContactUsPage,
    [paths.featureRequest]: FeatureRequestPage,
    [paths.verifyEmail]: VerifyEmailPage,
    [paths.resetPassword]: ResetPasswordPage,
    [paths.loginLink]: LoginLinkPage,
  };
  return screens[pathname.replace(/(.)\/+$/, '$1')] || null;
}

/**
 * Loads the screen of the page being opened before the first render. A prerendered page then hydrates
 * without suspending while it can already be tapped, and any other page shows its screen at once
 * instead of a loading state that React would keep on screen for at least 300 ms.
 */
export function preloadFirstScreen(pathname: string): Promise<unknown> {
  return firstScreen(pathname)?.preload() ?? Promise.resolve();
}

let router: ReturnType<typeof createBrowserRouter> | null = null;

/** The app's one router, made on first use (main.tsx makes it in a task of its own before hydrating). */
export function createAppRouter() {
  router ??= createBrowserRouter(routes);
  return router;
}

export function AppRouter() {
  return <RouterProvider router={createAppRouter()} />;
}
