/**
 * The start page's sign-in link, run in the browser: the three steps decision 0001 asks of a
 * client (docs/decisions/0001-pkce-required-on-code-exchange.md), in the open so an integrator can
 * read them. RFC 7636 §4.1 (verifier: 32 random bytes, base64url, 43 characters), §4.2 (S256
 * challenge), RFC 6749 §4.1.3 (the token request repeats redirect_uri), §10.12 (only a state this
 * tab issued is exchanged). The verifier stays in this tab's session storage, removed when used;
 * the code leaves the address bar before anything else happens.
 *
 * Plain ES2020 in a string: the page allows this script by its hash (START_PAGE_CSP).
 */
export const SIGN_IN_LINK_SCRIPT = `
(() => {
  const settings = JSON.parse(document.getElementById('sign-in-settings').textContent);
  const button = document.getElementById('sign-in-link');
  const status = document.getElementById('sign-in-status');
  const PREFIX = 'pravesh-start-page:';

  const base64url = (bytes) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  const random = (length) => base64url(crypto.getRandomValues(new Uint8Array(length)));

  function show(state, title, facts) {
    status.dataset.state = state;
    const heading = document.createElement('p');
    const strong = document.createElement('strong');
    strong.textContent = title;
    heading.append(strong);
    status.replaceChildren(heading);
    if (!facts) return;
    const list = document.createElement('dl');
    for (const [name, value] of facts) {
      const term = document.createElement('dt');
      term.textContent = name;
      const detail = document.createElement('dd');
      const code = document.createElement('code');
      code.textContent = value;
      detail.append(code);
      list.append(term, detail);
    }
    status.append(list);
  }

  const masked = (mobileNo) =>
    typeof mobileNo === 'string' && mobileNo.length >= 6
      ? mobileNo.slice(0, 2) + '*'.repeat(mobileNo.length - 4) + mobileNo.slice(-2)
      : 'hidden';

  button.addEventListener('click', async () => {
    button.disabled = true;
    show('loading', 'Opening the sign-in page…');
    const verifier = random(32);
    const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
    const state = random(16);
    sessionStorage.setItem(PREFIX + state, verifier);
    const query = new URLSearchParams({
      client_id: settings.clientId,
      redirect_uri: settings.redirectUri,
      scope: 'myaccount',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    location.assign(settings.authorizeUrl + '?' + query.toString());
  });

  async function finish(code, state) {
    const key = PREFIX + state;
    const verifier = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    if (!verifier) {
      show('failed', 'This sign-in was not started in this tab, or it was finished already. Open the sign-in link again.');
      return;
    }
    show('loading', 'Exchanging the code for an access token…');
    try {
      const answer = await fetch(settings.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: settings.redirectUri,
          client_id: settings.clientId,
          code_verifier: verifier,
        }),
      });
      const token = await answer.json();
      if (!answer.ok) {
        show('failed', 'The token endpoint refused the code.', [
          ['error', String(token.error)],
          ['error_description', String(token.error_description)],
        ]);
        return;
      }
      const user = await fetch(settings.userinfoUrl, { headers: { authorization: 'Bearer ' + token.access_token } });
      const who = user.ok ? await user.json() : {};
      show('done', 'Signed in: the code was exchanged with its PKCE verifier.', [
        ['customer', masked(who.mobileNo)],
        ['token_type', String(token.token_type)],
        ['expires_in', token.expires_in + ' s'],
        ['scope', String(token.scope)],
        ['access_token', String(token.access_token)],
      ]);
    } catch {
      show('failed', 'The API could not be reached. Check that the server is running and try again.');
    }
  }

  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error');
  if (code || error) history.replaceState(null, '', location.pathname);
  if (code && state) void finish(code, state);
  else if (error) show('failed', 'The sign-in did not finish.', [['error', error]]);
})();
`;
