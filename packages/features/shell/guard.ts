/**
 * The route guard of the signed-in pages (§2), inlined in AppLayout's <head> so it runs before
 * first paint: without an `access_token` in local storage it removes the `session_hint` cookie,
 * hides the page and replaces it with /login. It runs again on `storage` (another tab signed
 * out) and `auth-change` (this tab did). Plain ES5 text: it is not bundled.
 */
export const GUARD_SCRIPT = `(function () {
  function guard() {
    var token = null;
    try { token = localStorage.getItem('access_token'); } catch (e) {}
    if (token) return;
    document.cookie = 'session_hint=; path=/; max-age=0; SameSite=Lax';
    document.documentElement.setAttribute('data-guard', 'out');
    location.replace('/login');
  }
  guard();
  addEventListener('storage', guard);
  addEventListener('auth-change', guard);
})();`;
