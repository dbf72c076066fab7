// The dev provider's own sign-in page: "Email", an optional "Name", a
// "Sign in" button and a "Cancel" that returns access_denied. Any email works.
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderSignInPage(uid: string, clientName: string, error?: string): string {
  const action = `/interaction/${encodeURIComponent(uid)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in — dev identity provider</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; background: #f4f4f5; color: #18181b; }
  main { background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 2px 12px #0002; width: min(22rem, 90vw); }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; margin-top: .25rem; font: inherit; }
  .actions { display: flex; gap: .5rem; margin-top: 1.5rem; }
  button { flex: 1; padding: .6rem; font: inherit; cursor: pointer; }
  .error { color: #b91c1c; }
  small { color: #71717a; }
</style>
</head>
<body>
<main>
  <h1>Sign in</h1>
  <p>to Stride with <strong>${escapeHtml(clientName)}</strong><br><small>Local dev identity provider: any email works.</small></p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="${action}/login" id="sign-in">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required autofocus>
    <label for="name">Name <small>(optional)</small></label>
    <input id="name" name="name" type="text" autocomplete="name" maxlength="200">
  </form>
  <form method="post" action="${action}/abort" id="cancel"></form>
  <div class="actions">
    <button type="submit" form="sign-in">Sign in</button>
    <button type="submit" form="cancel">Cancel</button>
  </div>
</main>
</body>
</html>`;
}
