import { lazyPage, preloadPage } from './lazy-page';

const page = { default: () => null };

test('preloading and rendering share one import', async () => {
  const load = jest.fn(() => Promise.resolve(page));
  const Page = lazyPage(load);
  await Page.preload();
  await Page.preload();
  expect(load).toHaveBeenCalledTimes(1);
});

test('a failed preload is forgotten: the next attempt imports again', async () => {
  const load = jest.fn<Promise<typeof page>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(page);
  const Page = lazyPage(load);
  preloadPage(Page);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await expect(Page.preload()).resolves.toBe(page);
  expect(load).toHaveBeenCalledTimes(2);
});

test('a page that is not preloadable is left alone', () => {
  expect(() => preloadPage(() => null)).not.toThrow();
  expect(() => preloadPage(undefined)).not.toThrow();
});
