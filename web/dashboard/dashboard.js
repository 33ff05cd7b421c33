// The dashboard's behaviour: no framework, no other origin. Text from the server or the person is only
// ever set as textContent or an input's value, never as HTML.
'use strict';

(() => {
  // Relative to the page, so the same files work at /dashboard locally and /prod/dashboard on AWS.
  const portal = (path) => new URL(`portal/v1/${path}`, document.baseURI).href;
  const SESSION = 'nameday-session';
  const $ = (id) => document.getElementById(id);

  // The session lives in this tab only (sessionStorage), never in a URL or a cookie.
  const session = {
    read: () => JSON.parse(sessionStorage.getItem(SESSION) ?? 'null'),
    write: (value) => sessionStorage.setItem(SESSION, JSON.stringify(value)),
    clear: () => sessionStorage.removeItem(SESSION),
  };

  const say = (message) => {
    $('error').textContent = '';
    $('status').textContent = message;
  };
  const fail = (message) => {
    $('status').textContent = '';
    $('error').textContent = message;
  };

  const call = async (method, path, body, signedIn = true) => {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const current = session.read();
    if (signedIn && current) headers.Authorization = current.idToken;
    const response = await fetch(portal(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
    const answer = await response.json().catch(() => ({}));
    if (response.status === 401 && signedIn) {
      session.clear();
      show();
    }
    if (!response.ok) throw new Error(answer.message ?? `The dashboard answered ${response.status}`);
    return answer;
  };

  const credentials = () => ({ email: $('email').value, password: $('password').value });

  const signIn = async () => {
    const { email, password } = credentials();
    const tokens = await call('POST', 'sign-in', { email, password }, false);
    session.write({ idToken: tokens.idToken, refreshToken: tokens.refreshToken, email: email.trim().toLowerCase() });
    $('password').value = '';
    await show();
    say('Signed in.');
  };

  const cell = (row, text, className) => {
    const td = row.insertCell();
    td.textContent = text;
    if (className) td.className = className;
    return td;
  };

  const button = (text, describedBy, onClick, secondary) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = text;
    element.setAttribute('aria-describedby', describedBy);
    if (secondary) element.className = 'secondary';
    element.addEventListener('click', () => void onClick().catch((error) => fail(error.message)));
    return element;
  };

  const renderKeys = (overview) => {
    const { limits } = overview;
    $('tier-note').textContent =
      `Keys made here are on the free tier: ${limits.freeMonthlyQuota} calls a month and ${limits.ratePerMinute} a minute each, ` +
      `at most ${overview.maxActiveKeys} active keys an account. The paid tier (no monthly quota) is set by our operators on request.`;
    const body = $('keys').tBodies[0];
    body.replaceChildren();
    $('no-keys').hidden = overview.keys.length > 0;
    $('keys').hidden = overview.keys.length === 0;
    for (const key of overview.keys) {
      const row = body.insertRow();
      const idCell = cell(row, key.id);
      idCell.id = `key-${key.id}`;
      cell(row, key.label ?? '');
      cell(row, key.lastFour ? `…${key.lastFour}` : '');
      cell(row, key.tier);
      cell(row, key.status);
      cell(row, new Date(key.created).toLocaleString());
      cell(row, String(key.usage.thisMinute), 'number');
      cell(row, String(key.usage.thisMonth), 'number');
      cell(row, key.usage.freeQuotaLeft === null ? 'no quota' : String(key.usage.freeQuotaLeft), 'number');
      const actions = row.insertCell();
      if (key.status === 'active') {
        actions.append(
          button('Rotate', idCell.id, () => rotate(key), true),
          button('Revoke', idCell.id, () => revoke(key), true),
          button('Calendar feed', idCell.id, () => createFeed(key), true),
        );
      }
    }
    renderFeeds(overview.keys);
  };

  const renderFeeds = (keys) => {
    const body = $('feeds').tBodies[0];
    body.replaceChildren();
    const feeds = keys.flatMap((key) => key.feeds.map((feed) => ({ ...feed, keyId: key.id })));
    $('feeds').hidden = feeds.length === 0;
    $('no-feeds').hidden = feeds.length > 0;
    for (const feed of feeds) {
      const row = body.insertRow();
      const idCell = cell(row, feed.id);
      idCell.id = `feed-${feed.id}`;
      cell(row, feed.keyId);
      cell(row, feed.status);
      cell(row, new Date(feed.created).toLocaleString());
      const actions = row.insertCell();
      if (feed.status === 'active') actions.append(button('Revoke feed', idCell.id, () => revokeFeed(feed), true));
    }
  };

  const createFeed = async (key) => {
    const created = await call('POST', `keys/${encodeURIComponent(key.id)}/feeds`);
    $('new-feed-url').value = new URL(`api/v1/feeds/${created.token}/namedays.ics?country=CZ`, document.baseURI).href;
    $('new-feed').hidden = false;
    $('new-feed').focus();
    await refresh();
    say(`Created calendar feed ${created.feed.id} for ${key.id}.`);
  };

  const revokeFeed = async (feed) => {
    if (!window.confirm(`Revoke calendar feed ${feed.id}? Calendar apps subscribed to it stop updating.`)) return;
    await call('DELETE', `feeds/${encodeURIComponent(feed.id)}`);
    await refresh();
    say(`Revoked calendar feed ${feed.id}.`);
  };

  // On AWS the owner index may not list a key made a moment ago yet: show it from the answer that made it.
  const refresh = async (justMade) => {
    const overview = await call('GET', 'keys');
    if (justMade && !overview.keys.some((key) => key.id === justMade.id)) overview.keys.push(justMade);
    renderKeys(overview);
  };

  const showSecret = (secret, replaces) => {
    const apiUrl = new URL('api/v1/namedays?country=CZ&date=today', document.baseURI).href;
    $('new-key-value').value = secret;
    $('new-key-curl').value = `curl -H 'x-api-key: ${secret}' '${apiUrl}'`;
    $('rotation-note').hidden = !replaces;
    $('rotation-note').textContent = replaces
      ? `This key replaces ${replaces}, which stays valid until you revoke it: switch your clients, check they work, then revoke ${replaces}.`
      : '';
    $('new-key').hidden = false;
    $('new-key').focus();
  };

  const rotate = async (key) => {
    const rotated = await call('POST', `keys/${encodeURIComponent(key.id)}/rotation`);
    showSecret(rotated.secret, rotated.replaces);
    await refresh(rotated.key);
    say(`Created ${rotated.key.id} to replace ${rotated.replaces}.`);
  };

  const revoke = async (key) => {
    if (!window.confirm(`Revoke ${key.id}? Requests with it are refused from this moment.`)) return;
    await call('DELETE', `keys/${encodeURIComponent(key.id)}`);
    await refresh();
    say(`Revoked ${key.id}.`);
  };

  const show = async () => {
    const current = session.read();
    $('signed-out').hidden = Boolean(current);
    $('signed-in').hidden = !current;
    $('account').hidden = !current;
    $('account-email').textContent = current ? `Signed in as ${current.email}` : '';
    if (!current) {
      $('new-key').hidden = true;
      $('new-key-value').value = '';
      $('new-key-curl').value = '';
      $('new-feed').hidden = true;
      $('new-feed-url').value = '';
      return;
    }
    await refresh();
  };

  const guarded = (work) => (event) => {
    event?.preventDefault();
    void work().catch((error) => fail(error.message));
  };

  $('credentials').addEventListener('submit', guarded(signIn));

  $('sign-up').addEventListener(
    'click',
    guarded(async () => {
      const { email, password } = credentials();
      const created = await call('POST', 'sign-up', { email, password }, false);
      if (created.confirmed) return signIn();
      $('confirmation').hidden = false;
      $('code').focus();
      say('Account created: enter the code we sent to your email.');
    }),
  );

  $('confirmation').addEventListener(
    'submit',
    guarded(async () => {
      await call('POST', 'confirm', { email: $('email').value, code: $('code').value }, false);
      $('confirmation').hidden = true;
      await signIn();
    }),
  );

  $('create-key').addEventListener(
    'submit',
    guarded(async () => {
      const label = $('label').value.trim();
      const created = await call('POST', 'keys', label ? { label } : {});
      $('label').value = '';
      showSecret(created.secret);
      await refresh(created.key);
      say(`Created ${created.key.id}.`);
    }),
  );

  $('copy-key').addEventListener(
    'click',
    guarded(async () => {
      await navigator.clipboard.writeText($('new-key-value').value);
      say('Key copied.');
    }),
  );

  $('sign-out').addEventListener(
    'click',
    guarded(async () => {
      const current = session.read();
      session.clear();
      await show();
      if (current) await call('POST', 'sign-out', { refreshToken: current.refreshToken }, false).catch(() => undefined);
      say('Signed out.');
    }),
  );

  void show().catch((error) => fail(error.message));
})();
