// The page's service worker, so the page loads and plays without the network. vite.config.ts
// writes it into dist/web/sw.js with the list of the built files and a version made from them;
// a new build is a new version, whose cache replaces the old one. A new version waits until no
// tab runs the old one (no skipWaiting): an open tab may still start a worker from the old files,
// so their cache is only dropped once nothing can ask for them.
//
// Pages (navigations) come from the network first, so a new build is seen at once, and from the
// cache when the network fails. Everything else (scripts, the worker, styles, icons) has a name
// that changes with its content, so it comes from the cache first.
const VERSION = '__SUDOKIT_VERSION__';
const PRECACHE = __SUDOKIT_PRECACHE__;
const CACHE = `sudokit-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('sudokit-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** The network's answer, kept in the cache for next time; the cache's when the network fails. */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put('./', response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match('./');
    if (cached) return cached;
    throw error;
  }
}

/** The cache's copy, else the network's answer (kept for next time). */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(request.mode === 'navigate' ? networkFirst(request) : cacheFirst(request));
});
