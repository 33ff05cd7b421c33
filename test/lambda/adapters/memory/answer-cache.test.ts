import { AnswerCache } from '../../../../lambda/adapters/memory/answer-cache';

const answerOf = (body: string) => () => Promise.resolve({ body, headers: {} });

describe('AnswerCache', () => {
  it('computes an answer once and keeps it', async () => {
    const cache = new AnswerCache(1000);
    let computed = 0;
    const compute = () => ((computed += 1), Promise.resolve({ body: 'x'.repeat(10), headers: { A: '1' } }));
    expect(await cache.get('q', compute)).toEqual({ body: 'x'.repeat(10), headers: { A: '1' } });
    await cache.get('q', compute);
    expect(computed).toBe(1);
  });

  it('drops the least recently used answers once their text passes the budget, and never keeps one larger than it', async () => {
    const cache = new AnswerCache(100); // 50 characters of UTF-16 text
    const computed: string[] = [];
    const get = (key: string, length: number) => cache.get(key, () => (computed.push(key), answerOf('y'.repeat(length))()));
    await get('a', 20);
    await get('b', 20);
    await get('a', 20); // a is now the most recent
    await get('c', 20); // 60 characters: b goes
    await get('a', 20);
    await get('b', 20);
    await get('huge', 60);
    await get('huge', 60);
    expect(computed).toEqual(['a', 'b', 'c', 'b', 'huge', 'huge']);
  });

  it('keeps no failed computation', async () => {
    const cache = new AnswerCache(1000);
    await expect(cache.get('q', () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
    expect((await cache.get('q', answerOf('ok'))).body).toBe('ok');
  });
});
