// The dashboard's behaviour: no framework, no other origin. Text from the server or the person is only
// ever set as textContent or an input's value, never as HTML.
'use strict';

(() => {
  // Relative to the page, so the same files work at /dashboard locally and /prod/dashboard on AWS.
  const portal = (path) => new URL(`portal/v1/${path}`, document.baseURI).href;
  const SESSION = 'nameday-session';
  const MIN_PASSWORD = 12;
  const $ = (id) => document.getElementById(id);

  // The session lives in this tab only (sessionStorage), never in a URL or a cookie.
  const session = {
    read: () => JSON.parse(sessionStorage.getItem(SESSION) ?? 'null'),
    write: (value) => sessionStorage.setItem(SESSION, JSON.stringify(value)),
    clear: () => sessionStorage.removeItem(SESSION),
  };

  /** What the dashboard answered when it refused: the status, its message, and the body (a person's index…). */
  class PortalError extends Error {
    constructor(status, body) {
      super(body.message ?? `The dashboard answered ${status}: try again`);
      this.status = status;
      this.body = body;
    }
  }

  let statusTimer;
  const announce = (message) => {
    // Emptied first, so the same message twice is announced twice; it leaves the screen after a while,
    // since what it reports is shown where the action happened too.
    window.clearTimeout(statusTimer);
    $('status').textContent = '';
    window.setTimeout(() => ($('status').textContent = message), 50);
    statusTimer = window.setTimeout(() => ($('status').textContent = ''), 12000);
  };

  const el = (tag, properties = {}, children = []) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(properties)) {
      if (name === 'text') element.textContent = value;
      else if (name === 'className') element.className = value;
      else if (name === 'hidden') element.hidden = value;
      else element.setAttribute(name, value);
    }
    element.append(...children);
    return element;
  };

  let sessionEnded = () => undefined;

  const call = async (method, path, body, signedIn = true) => {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const current = session.read();
    if (signedIn && current) headers.Authorization = current.idToken;
    let response;
    try {
      response = await fetch(portal(path), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      throw new PortalError(0, { message: 'The dashboard cannot be reached: check your connection and try again' });
    }
    const answer = await response.json().catch(() => ({}));
    if (response.status === 401 && signedIn) {
      sessionEnded();
      const ended = new PortalError(401, { message: 'Your session has ended: sign in again' });
      ended.sessionEnded = true;
      throw ended;
    }
    if (!response.ok) throw new PortalError(response.status, answer);
    return answer;
  };

  // ---- Messages beside their fields -------------------------------------------------------------

  const errorOf = (input) => $(`${input.id}-error`);

  const setFieldError = (input, message) => {
    input.setAttribute('aria-invalid', 'true');
    const target = errorOf(input);
    if (target) target.textContent = message;
  };

  const clearErrors = (scope) => {
    for (const input of scope.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
    for (const message of scope.querySelectorAll('.field-error, .form-error')) message.textContent = '';
  };

  const check = {
    email: (input) => {
      const value = input.value.trim();
      if (!value) return 'Enter your email address';
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value)) return 'Enter an email address like name@example.com';
      return undefined;
    },
    newPassword: (input) => {
      if (!input.value) return 'Enter a password';
      if (input.value.length < MIN_PASSWORD) return `Use at least ${MIN_PASSWORD} characters`;
      return undefined;
    },
    present: (message) => (input) => (input.value.trim() ? undefined : message),
    code: (input) => (/^\d{6}$/.test(input.value.trim()) ? undefined : 'Enter the 6 digits from the email'),
  };

  /**
   * A form's submission: the page's own checks first (each message beside its field, focus on the first),
   * then the call; a refusal goes beside the field it is about (`fieldFor`), or under the form.
   */
  const handleForm = (form, { checks = [], act, fieldFor = () => undefined }) => {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      clearSecrets();
      clearErrors(form);
      const problems = checks
        .map(([input, rule]) => [input, rule(input)])
        .filter(([input, message]) => message !== undefined && !input.closest('[hidden]'));
      for (const [input, message] of problems) setFieldError(input, message);
      if (problems.length > 0) {
        problems[0][0].focus();
        return;
      }
      const submit = form.querySelector('button[type="submit"]');
      submit.disabled = true;
      void act()
        .catch((error) => {
          if (error.sessionEnded) return;
          const message = error instanceof Error ? error.message : String(error);
          const input = error instanceof PortalError ? fieldFor(error) : undefined;
          if (input) {
            setFieldError(input, message);
            input.focus();
          } else {
            const formError = $(`${form.id}-error`);
            formError.textContent = message;
            announce(message);
          }
        })
        .finally(() => {
          submit.disabled = false;
        });
    });
  };

  /** Where a refusal about an email, a password or a code belongs. */
  const accountField = (fields) => (error) => {
    const message = error.message;
    if (fields.email && /email/i.test(message) && !/password/i.test(message)) return fields.email;
    if (fields.code && /code|digits/i.test(message)) return fields.code;
    if (fields.password && (error.status === 401 || /password|characters/i.test(message))) return fields.password;
    return undefined;
  };

  // ---- The secrets panels: shown once, dismissable, cleared by the next action --------------------

  const clearSecrets = () => {
    // The status line's "copy it now" goes with the panel it was about.
    if (!$('new-key').hidden || !$('new-feed').hidden) $('status').textContent = '';
    $('new-key').hidden = true;
    $('new-key-value').value = '';
    $('new-key-curl').value = '';
    $('rotation-note').textContent = '';
    $('new-feed').hidden = true;
    $('new-feed-url').value = '';
  };

  const copyFrom = async (input, what) => {
    try {
      await navigator.clipboard.writeText(input.value);
      announce(`${what} copied.`);
    } catch {
      input.focus();
      input.select();
      announce(`${what} selected: press Ctrl+C (or Cmd+C) to copy it.`);
    }
  };

  // ---- Confirmation before a destructive action ---------------------------------------------------

  /**
   * Asks in a modal dialog; `act` runs on confirmation and may refuse (a wrong password), which is shown
   * in the dialog; it may return what to do once the dialog is closed. Cancel (or Escape) returns focus
   * to the control that asked.
   */
  const confirmFirst = ({ title, text, confirmLabel, password = false, act }) => {
    const dialog = $('confirm-dialog');
    const opener = document.activeElement;
    clearErrors(dialog);
    $('confirm-dialog-title').textContent = title;
    $('confirm-dialog-text').textContent = text;
    $('confirm-dialog-ok').textContent = confirmLabel;
    $('confirm-dialog-password-field').hidden = !password;
    $('confirm-dialog-password').value = '';
    const form = $('confirm-dialog-form');
    const finish = () => {
      form.onsubmit = null;
      $('confirm-dialog-cancel').onclick = null;
      dialog.onclose = null;
      if (dialog.open) dialog.close();
    };
    $('confirm-dialog-cancel').onclick = () => {
      finish();
      opener?.focus?.();
    };
    dialog.onclose = () => {
      finish();
      opener?.focus?.();
    };
    form.onsubmit = (event) => {
      event.preventDefault();
      clearErrors(dialog);
      const input = $('confirm-dialog-password');
      if (password && !input.value) {
        setFieldError(input, 'Enter your password');
        input.focus();
        return;
      }
      $('confirm-dialog-ok').disabled = true;
      void act(input.value)
        .then((after) => {
          dialog.onclose = null;
          finish();
          // Focus moves to what the action produced only once the dialog has handed focus back.
          after?.();
        })
        .catch((error) => {
          if (password && error instanceof PortalError && (error.status === 403 || error.status === 400)) {
            setFieldError(input, error.message);
            input.focus();
            return;
          }
          dialog.onclose = null;
          finish();
          announce(error.message);
          opener?.focus?.();
        })
        .finally(() => {
          $('confirm-dialog-ok').disabled = false;
        });
    };
    dialog.showModal();
    (password ? $('confirm-dialog-password') : $('confirm-dialog-cancel')).focus();
  };

  // ---- Signed out: sign in, create an account, confirm it, reset a password -----------------------

  const showAuth = (view) => {
    $('sign-in-panel').hidden = view !== 'auth';
    $('sign-up-panel').hidden = view !== 'auth';
    $('confirm-panel').hidden = view !== 'confirm';
    $('forgot-panel').hidden = view !== 'forgot';
  };

  const signIn = async (email, password) => {
    const tokens = await call('POST', 'sign-in', { email, password }, false);
    session.write({ idToken: tokens.idToken, refreshToken: tokens.refreshToken, email: email.trim().toLowerCase() });
    for (const id of ['sign-in-password', 'sign-up-password', 'reset-password']) $(id).value = '';
    await show();
    $('dashboard-title').focus();
    announce(`Signed in as ${email.trim().toLowerCase()}.`);
  };

  handleForm($('sign-in-form'), {
    checks: [
      [$('sign-in-email'), check.email],
      [$('sign-in-password'), check.present('Enter your password')],
    ],
    act: () => signIn($('sign-in-email').value, $('sign-in-password').value),
    fieldFor: accountField({ email: $('sign-in-email'), password: $('sign-in-password') }),
  });

  let pendingSignUp;
  handleForm($('sign-up-form'), {
    checks: [
      [$('sign-up-email'), check.email],
      [$('sign-up-password'), check.newPassword],
    ],
    act: async () => {
      const email = $('sign-up-email').value;
      const password = $('sign-up-password').value;
      const created = await call('POST', 'sign-up', { email, password }, false);
      if (created.confirmed) return signIn(email, password);
      pendingSignUp = { email, password };
      $('confirm-email').textContent = email.trim().toLowerCase();
      showAuth('confirm');
      $('confirm-title').focus();
      announce('Account created: enter the code we sent to your email.');
      return undefined;
    },
    fieldFor: (error) =>
      error.status === 409
        ? $('sign-up-email')
        : accountField({ email: $('sign-up-email'), password: $('sign-up-password') })(error),
  });

  handleForm($('confirm-form'), {
    checks: [[$('confirm-code'), check.code]],
    act: async () => {
      await call('POST', 'confirm', { email: pendingSignUp.email, code: $('confirm-code').value.trim() }, false);
      $('confirm-code').value = '';
      const { email, password } = pendingSignUp;
      pendingSignUp = undefined;
      await signIn(email, password);
    },
    fieldFor: () => $('confirm-code'),
  });

  $('show-forgot').addEventListener('click', () => {
    clearErrors($('forgot-panel'));
    $('forgot-email').value = $('sign-in-email').value;
    $('forgot-form').hidden = false;
    $('reset-form').hidden = true;
    showAuth('forgot');
    $('forgot-title').focus();
  });

  $('back-to-sign-in').addEventListener('click', () => {
    showAuth('auth');
    $('sign-in-title').focus();
  });

  handleForm($('forgot-form'), {
    checks: [[$('forgot-email'), check.email]],
    act: async () => {
      await call('POST', 'password-reset', { email: $('forgot-email').value }, false);
      $('forgot-form').hidden = true;
      $('reset-form').hidden = false;
      $('reset-sent').focus();
      announce('If an account has this email, a code is on its way.');
    },
    fieldFor: accountField({ email: $('forgot-email') }),
  });

  handleForm($('reset-form'), {
    checks: [
      [$('reset-code'), check.code],
      [$('reset-password'), check.newPassword],
    ],
    act: async () => {
      const email = $('forgot-email').value;
      await call(
        'POST',
        'password-reset/confirmation',
        {
          email,
          code: $('reset-code').value.trim(),
          password: $('reset-password').value,
        },
        false,
      );
      $('reset-code').value = '';
      $('reset-password').value = '';
      $('sign-in-email').value = email;
      showAuth('auth');
      $('sign-in-password').focus();
      announce('Your password is changed: sign in with the new one.');
    },
    fieldFor: accountField({ code: $('reset-code'), password: $('reset-password') }),
  });

  // ---- Signed in: usage, keys, feeds, the account -----------------------------------------------

  let overview;
  let editing;

  const formatNumber = (value) => new Intl.NumberFormat('en').format(value);
  const placeName = (value) =>
    $('place-options').content.querySelector(`option[value="${CSS.escape(value)}"]`)?.textContent ?? value;
  const placeOf = (item) => (item.country ? `country:${item.country}` : item.calendarId ? `calendar:${item.calendarId}` : '');
  const peopleSupported = () => overview && typeof overview.maxPeoplePerFeed === 'number';

  const accountUsage = () => {
    if (overview.account?.usage) return overview.account.usage;
    const free = overview.keys.filter((key) => key.tier === 'free');
    const thisMonth = free.reduce((sum, key) => sum + key.usage.thisMonth, 0);
    return {
      thisMonth,
      freeMonthlyQuota: overview.limits.freeMonthlyQuota,
      freeQuotaLeft: Math.max(0, overview.limits.freeMonthlyQuota - thisMonth),
    };
  };

  const renderUsage = () => {
    const usage = accountUsage();
    $('usage-summary').textContent =
      `This month your account has used ${formatNumber(usage.thisMonth)} of its ${formatNumber(usage.freeMonthlyQuota)} ` +
      `free calls: ${formatNumber(usage.freeQuotaLeft)} left.`;
    $('tier-note').textContent =
      `Each key may make ${overview.limits.ratePerMinute} calls a minute; an account holds at most ${overview.maxActiveKeys} active keys. ` +
      'Paid keys have no monthly limit: ask us to move a key to the paid plan.';
  };

  const details = (pairs) =>
    el(
      'dl',
      {},
      pairs.flatMap(([term, value]) => [el('dt', { text: term }), el('dd', {}, [value])]),
    );

  const badge = (text, kind) => el('span', { className: `badge ${kind}`, text });

  /** A button whose visible word is short and whose accessible name says what it acts on. */
  const actionButton = (word, about, className, onClick) => {
    const button = el('button', { type: 'button', className }, [
      word,
      el('span', { className: 'visually-hidden', text: ` ${about}` }),
    ]);
    button.addEventListener('click', () => {
      clearSecrets();
      void Promise.resolve()
        .then(onClick)
        .catch((error) => announce(error.message));
    });
    return button;
  };

  const renderKeys = () => {
    const list = $('keys');
    list.replaceChildren();
    $('no-keys').hidden = overview.keys.length > 0;
    for (const key of overview.keys) {
      const name = key.label ?? key.id;
      const headingId = `key-${key.id}`;
      const active = key.status === 'active';
      const usage = key.usage;
      const card = el('li', { className: active ? 'card' : 'card ended' }, [
        el('h3', { id: headingId, tabindex: '-1', text: name }),
        details([
          ['Key id', key.id],
          ['Ends with', key.lastFour ? `…${key.lastFour}` : '—'],
          ['Plan', key.tier === 'paid' ? 'Paid' : 'Free'],
          ['Status', active ? badge('Active', 'active') : badge('Revoked', 'ended')],
          ['Created', new Date(key.created).toLocaleString()],
          ['This minute', `${formatNumber(usage.thisMinute)} of ${overview.limits.ratePerMinute} calls`],
          [
            'This month',
            `${formatNumber(usage.thisMonth)} calls by this key, ${formatNumber(accountUsage().thisMonth)} by the account`,
          ],
          [
            'Free calls left',
            usage.freeQuotaLeft === null
              ? 'No monthly limit (paid key)'
              : `${formatNumber(usage.freeQuotaLeft)} this month, for the whole account`,
          ],
        ]),
      ]);
      if (active) {
        card.append(
          el('div', { className: 'actions' }, [
            actionButton('Rotate', `key ${name}`, 'secondary', () => rotate(key)),
            actionButton('Make a feed', `for key ${name}`, 'secondary', () => startFeedFor(key)),
            actionButton('Revoke', `key ${name}`, 'danger-quiet', () => revoke(key)),
          ]),
        );
      }
      list.append(card);
    }
  };

  const describeFeed = (feed) => {
    switch (feed.kind) {
      case 'listing':
        return feed.country
          ? `Every name day in ${placeName(`country:${feed.country}`)}`
          : `Every name day of ${placeName(`calendar:${feed.calendarId}`)}`;
      case 'search':
        return `The days of the name ${feed.q}`;
      case 'people': {
        const people = feed.people.map((person) => `${person.name} (${placeName(placeOf(person))})`).join(', ');
        const reminder = { 'day-before': 'a reminder the day before', 'morning-of': 'a reminder that morning' }[feed.reminder];
        return `Name days of ${people}${reminder ? `, with ${reminder}` : ''}`;
      }
      case 'legacy':
        return 'Shows what its first use asked for';
      default:
        return 'Name days, as its URL asks';
    }
  };

  const renderFeeds = () => {
    const list = $('feeds');
    list.replaceChildren();
    const feeds = overview.keys.flatMap((key) => key.feeds.map((feed) => ({ feed, key })));
    $('no-feeds').hidden = feeds.length > 0;
    for (const { feed, key } of feeds) {
      const ended = feed.status !== 'active' || key.status !== 'active';
      const state =
        feed.status !== 'active'
          ? badge('Revoked', 'ended')
          : key.status !== 'active'
            ? badge('Ended: its key was revoked', 'ended')
            : badge('Active', 'active');
      const title = feed.title ?? `Calendar feed ${feed.id}`;
      const card = el('li', { className: ended ? 'card ended' : 'card' }, [
        el('h3', { id: `feed-${feed.id}`, tabindex: '-1', text: title }),
        details([
          ['Shows', describeFeed(feed)],
          ['Status', state],
          ['Key', key.label ? `${key.label} (${key.id})` : key.id],
          ['Feed id', feed.id],
          ['Created', new Date(feed.created).toLocaleString()],
        ]),
      ]);
      if (!ended) {
        const actions = el('div', { className: 'actions' });
        if (feed.kind === 'people')
          actions.append(actionButton('Edit people', `of ${title}`, 'secondary', () => startEditing(feed, key)));
        actions.append(actionButton('Revoke feed', title, 'danger-quiet', () => revokeFeed(feed, title)));
        card.append(actions);
      }
      list.append(card);
    }
  };

  const renderFeedForm = () => {
    const select = $('feed-key');
    const chosen = select.value;
    const active = overview.keys.filter((key) => key.status === 'active');
    select.replaceChildren(
      ...active.map((key) => el('option', { value: key.id, text: key.label ? `${key.label} (${key.id})` : key.id })),
    );
    if (active.some((key) => key.id === chosen)) select.value = chosen;
    $('feed-form').hidden = active.length === 0 && !editing;
    $('kind-people').closest('.choice').hidden = !peopleSupported();
    if (!peopleSupported() && $('kind-people').checked) $('kind-listing').checked = true;
    showKindFields();
  };

  const refresh = async (justMade) => {
    overview = await call('GET', 'keys');
    // On AWS the owner index may not list a key made a moment ago yet: show it from the answer that made it.
    if (justMade && !overview.keys.some((key) => key.id === justMade.id)) overview.keys.push({ feeds: [], ...justMade });
    renderUsage();
    renderKeys();
    renderFeeds();
    renderFeedForm();
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
    $('new-key-title').focus();
  };

  handleForm($('create-key'), {
    checks: [],
    act: async () => {
      const label = $('key-label').value.trim();
      const created = await call('POST', 'keys', label ? { label } : {});
      $('key-label').value = '';
      await refresh(created.key);
      showSecret(created.secret);
      announce(`Created key ${created.key.id}. Copy it now: it is shown only this once.`);
    },
    fieldFor: (error) => (error.status === 400 ? $('key-label') : undefined),
  });

  const rotate = async (key) => {
    const rotated = await call('POST', `keys/${encodeURIComponent(key.id)}/rotation`);
    await refresh(rotated.key);
    showSecret(rotated.secret, rotated.replaces);
    announce(`Created key ${rotated.key.id} to replace ${rotated.replaces}.`);
  };

  const revoke = (key) =>
    confirmFirst({
      title: `Revoke ${key.label ?? key.id}?`,
      text: `Requests with key ${key.id} are refused from this moment, and its calendar feeds end. This cannot be undone.`,
      confirmLabel: 'Revoke key',
      act: async () => {
        await call('DELETE', `keys/${encodeURIComponent(key.id)}`);
        await refresh();
        return () => {
          $(`key-${key.id}`)?.focus();
          announce(`Revoked key ${key.id}: it is refused from now on.`);
        };
      },
    });

  $('dismiss-key').addEventListener('click', () => {
    clearSecrets();
    $('key-label').focus();
    announce('The key is hidden. It cannot be shown again.');
  });
  $('dismiss-feed').addEventListener('click', () => {
    clearSecrets();
    $('feeds-title').focus();
    announce('The feed URL is hidden. It cannot be shown again.');
  });
  $('copy-key').addEventListener('click', () => void copyFrom($('new-key-value'), 'Key'));
  $('copy-feed').addEventListener('click', () => void copyFrom($('new-feed-url'), 'Feed URL'));

  // ---- Making and editing feeds -------------------------------------------------------------------

  const fillPlaces = (select) => {
    select.replaceChildren($('place-options').content.cloneNode(true));
  };
  fillPlaces($('feed-place'));

  const kind = () => document.querySelector('input[name="kind"]:checked').value;

  const showKindFields = () => {
    for (const part of $('feed-form').querySelectorAll('[data-kind]')) part.hidden = part.dataset.kind !== kind();
  };
  for (const radio of document.querySelectorAll('input[name="kind"]')) radio.addEventListener('change', showKindFields);

  /** Each person's fields and button say which person they are about, to a screen reader too. */
  const numberPeople = () => {
    [...$('people-list').children].forEach((row, index) => {
      for (const span of row.querySelectorAll('.person-number')) span.textContent = ` of person ${index + 1}`;
      for (const span of row.querySelectorAll('.person-ordinal')) span.textContent = ` person ${index + 1}`;
    });
  };

  let people = 0;
  const addPerson = (person = { name: '' }) => {
    people += 1;
    const nameId = `person-${people}-name`;
    const placeId = `person-${people}-place`;
    const name = el('input', { id: nameId, maxlength: '100', 'aria-describedby': `${nameId}-error`, class: 'person-name' });
    name.value = person.name;
    const place = el('select', { id: placeId, class: 'person-place', 'aria-describedby': `${placeId}-error` });
    fillPlaces(place);
    place.value = placeOf(person);
    const row = el('li', { className: 'person' }, [
      el('div', { className: 'person-fields' }, [
        el('div', { className: 'field' }, [
          el('label', { for: nameId }, ['Name', el('span', { className: 'visually-hidden person-number' })]),
          name,
          el('p', { className: 'field-error', id: `${nameId}-error` }),
        ]),
        el('div', { className: 'field' }, [
          el('label', { for: placeId }, ['Country or calendar', el('span', { className: 'visually-hidden person-number' })]),
          place,
          el('p', { className: 'field-error', id: `${placeId}-error` }),
        ]),
      ]),
    ]);
    const remove = el('button', { type: 'button', className: 'secondary' }, [
      'Remove',
      el('span', { className: 'visually-hidden person-ordinal' }),
    ]);
    remove.addEventListener('click', () => {
      const next = row.nextElementSibling ?? row.previousElementSibling;
      row.remove();
      numberPeople();
      (next?.querySelector('.person-name') ?? $('add-person')).focus();
    });
    row.append(remove);
    $('people-list').append(row);
    numberPeople();
    return name;
  };

  $('add-person').addEventListener('click', () => {
    const max = overview?.maxPeoplePerFeed ?? 50;
    if ($('people-list').children.length >= max) {
      $('people-error').textContent = `A feed lists at most ${max} people`;
      return;
    }
    addPerson().focus();
  });

  const personRows = () => [...$('people-list').children];

  const peopleOfForm = () =>
    personRows().map((row) => {
      const name = row.querySelector('.person-name').value.trim();
      const [type, value] = row.querySelector('.person-place').value.split(':');
      return type === 'country' ? { name, country: value } : { name, calendarId: value };
    });

  const feedRequest = () => {
    switch (kind()) {
      case 'search':
        return { kind: 'search', q: $('feed-name').value.trim() };
      case 'people':
        return { kind: 'people', people: peopleOfForm(), reminder: $('feed-reminder').value };
      default: {
        const [type, value] = $('feed-place').value.split(':');
        return type === 'country' ? { kind: 'listing', country: value } : { kind: 'listing', calendarId: value };
      }
    }
  };

  /** The subscription URL: the path the API gives, or (before feeds stored what they show) one built here. */
  const feedUrlOf = (created, request) => {
    if (created.path) return new URL(created.path.replace(/^\//, ''), document.baseURI).href;
    const base = `api/v1/feeds/${created.token}/`;
    if (request.kind === 'search') return new URL(`${base}search.ics?q=${encodeURIComponent(request.q)}`, document.baseURI).href;
    const query = request.country ? `country=${request.country}` : `calendar_id=${encodeURIComponent(request.calendarId)}`;
    return new URL(`${base}namedays.ics?${query}`, document.baseURI).href;
  };

  const checkFeedForm = () => {
    const problems = [];
    if (!editing && !$('feed-key').value) problems.push([$('feed-key'), 'Create a key first: a feed counts against a key']);
    if (kind() === 'listing' && !$('feed-place').value) problems.push([$('feed-place'), 'Choose a country or a calendar']);
    if (kind() === 'search' && $('feed-name').value.trim().length < 2)
      problems.push([$('feed-name'), 'Enter a name of at least 2 letters']);
    if (kind() === 'people') {
      if (personRows().length === 0) problems.push([$('add-person'), 'Add at least one person']);
      for (const row of personRows()) {
        const name = row.querySelector('.person-name');
        const place = row.querySelector('.person-place');
        if (!name.value.trim()) problems.push([name, 'Enter the name']);
        if (!place.value) problems.push([place, 'Choose a country or a calendar']);
      }
    }
    return problems;
  };

  $('feed-form').addEventListener('submit', (event) => {
    event.preventDefault();
    clearSecrets();
    clearErrors($('feed-form'));
    const problems = checkFeedForm();
    for (const [input, message] of problems) {
      if (input === $('add-person')) $('people-error').textContent = message;
      else setFieldError(input, message);
    }
    if (problems.length > 0) {
      problems[0][0].focus();
      return;
    }
    const submit = $('feed-submit');
    submit.disabled = true;
    const request = feedRequest();
    void (editing ? saveEditing(request) : makeFeed(request))
      .catch((error) => {
        const rows = personRows();
        if (error instanceof PortalError && typeof error.body?.person === 'number' && rows[error.body.person]) {
          const input = rows[error.body.person].querySelector('.person-name');
          setFieldError(input, error.message);
          input.focus();
          return;
        }
        const target = {
          listing: $('feed-place'),
          search: $('feed-name'),
        }[request.kind];
        if (error instanceof PortalError && error.status === 400 && target) {
          setFieldError(target, error.message);
          target.focus();
          return;
        }
        $('feed-form-error').textContent = error.message;
        announce(error.message);
      })
      .finally(() => {
        submit.disabled = false;
      });
  });

  const makeFeed = async (request) => {
    const keyId = $('feed-key').value;
    const created = await call('POST', `keys/${encodeURIComponent(keyId)}/feeds`, request);
    await refresh();
    $('new-feed-url').value = feedUrlOf(created, request);
    $('new-feed').hidden = false;
    $('new-feed-title').focus();
    announce(`Made calendar feed ${created.feed.id}. Copy its URL now: it is shown only this once.`);
  };

  const startFeedFor = (key) => {
    stopEditing();
    $('feed-key').value = key.id;
    $('feed-form-title').focus();
  };

  const startEditing = (feed, key) => {
    editing = { feed, key };
    $('feed-form-title').textContent = `Edit the people of ${feed.title ?? feed.id}`;
    $('feed-key-field').hidden = true;
    $('feed-kind-field').hidden = true;
    $('kind-people').checked = true;
    showKindFields();
    $('people-list').replaceChildren();
    for (const person of feed.people) addPerson(person);
    $('feed-reminder').value = feed.reminder ?? 'none';
    $('feed-submit').textContent = 'Save the people';
    $('feed-cancel-edit').hidden = false;
    $('feed-form').hidden = false;
    $('feed-form-title').focus();
  };

  const stopEditing = () => {
    editing = undefined;
    clearErrors($('feed-form'));
    $('feed-form-title').textContent = 'Make a calendar feed';
    $('feed-key-field').hidden = false;
    $('feed-kind-field').hidden = false;
    $('feed-submit').textContent = 'Make the feed';
    $('feed-cancel-edit').hidden = true;
    $('people-list').replaceChildren();
    if (overview) renderFeedForm();
  };

  $('feed-cancel-edit').addEventListener('click', () => {
    const id = editing?.feed.id;
    stopEditing();
    $(`feed-${id}`)?.focus();
  });

  const saveEditing = async (request) => {
    const { feed } = editing;
    await call('PUT', `feeds/${encodeURIComponent(feed.id)}`, { people: request.people, reminder: request.reminder });
    stopEditing();
    await refresh();
    $(`feed-${feed.id}`)?.focus();
    announce('The feed shows the new list from its next update; its URL stays the same.');
  };

  const revokeFeed = (feed, title) =>
    confirmFirst({
      title: `Revoke the feed ${title}?`,
      text: 'Calendar apps subscribed to it stop updating. This cannot be undone.',
      confirmLabel: 'Revoke feed',
      act: async () => {
        await call('DELETE', `feeds/${encodeURIComponent(feed.id)}`);
        if (editing?.feed.id === feed.id) stopEditing();
        await refresh();
        return () => {
          $(`feed-${feed.id}`)?.focus();
          announce(`Revoked calendar feed ${feed.id}.`);
        };
      },
    });

  // ---- The account: password, deletion, signing out ----------------------------------------------

  handleForm($('password-form'), {
    checks: [
      [$('current-password'), check.present('Enter your current password')],
      [$('new-password'), check.newPassword],
    ],
    act: async () => {
      await call('POST', 'password', { currentPassword: $('current-password').value, newPassword: $('new-password').value });
      $('current-password').value = '';
      $('new-password').value = '';
      $('password-form-error').textContent = '';
      $('account-title').focus();
      announce('Your password is changed.');
    },
    fieldFor: (error) => (error.status === 403 ? $('current-password') : error.status === 400 ? $('new-password') : undefined),
  });

  $('delete-account').addEventListener('click', () => {
    clearSecrets();
    confirmFirst({
      title: 'Delete your account?',
      text: 'Every key and calendar feed of the account stops working at once, then the account is deleted. This cannot be undone.',
      confirmLabel: 'Delete my account',
      password: true,
      act: async (password) => {
        const closed = await call('POST', 'account/deletion', { password });
        session.clear();
        await show();
        return () => {
          $('landing-title').focus();
          announce(
            `Your account is deleted: ${closed.revokedKeys} key${closed.revokedKeys === 1 ? '' : 's'} and ${closed.revokedFeeds} ` +
              `feed${closed.revokedFeeds === 1 ? '' : 's'} no longer work.`,
          );
        };
      },
    });
  });

  $('sign-out').addEventListener('click', () => {
    const current = session.read();
    session.clear();
    void show().then(() => {
      $('sign-in-title').focus();
      announce('Signed out.');
    });
    if (current) void call('POST', 'sign-out', { refreshToken: current.refreshToken }, false).catch(() => undefined);
  });

  const show = async () => {
    const current = session.read();
    $('signed-out').hidden = Boolean(current);
    $('signed-in').hidden = !current;
    $('account').hidden = !current;
    $('account-email').textContent = current ? current.email : '';
    document.title = current ? 'Your dashboard: Nameday API' : 'Nameday API: name days of 19 countries for your app';
    clearSecrets();
    if (!current) {
      overview = undefined;
      stopEditing();
      showAuth('auth');
      for (const id of ['current-password', 'new-password', 'confirm-dialog-password']) $(id).value = '';
      return;
    }
    await refresh();
  };

  sessionEnded = () => {
    session.clear();
    void show().then(() => {
      $('sign-in-title').focus();
      announce('Your session has ended: sign in again.');
    });
  };

  void show().catch((error) => announce(error.message));
})();
