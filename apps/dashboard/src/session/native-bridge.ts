/**
 * spec 001 §4 "Mobile and webview sources": app_ios, app_android and mobile_app sources with a
 * glssKey skip logout and post results back to the native app, through an Android bridge, a React
 * Native webview or an iOS handler. Without a bridge the dashboard opens.
 */
export interface NativeBridgeHost {
  Android?: { postMessage?: (message: string) => void };
  ReactNativeWebView?: { postMessage?: (message: string) => void };
  webkit?: { messageHandlers?: { iosHandler?: { postMessage?: (message: unknown) => void } } };
}

export interface NativeResult {
  event: 'logout' | 'loginFailed' | 'signedIn';
  /** Never personal data: the app has its own session. */
  status: 'success' | 'failed';
}

/** Posts to the first bridge present; false when there is none (then the dashboard opens). */
export function postToNativeApp(host: NativeBridgeHost, result: NativeResult): boolean {
  const message = JSON.stringify(result);
  if (typeof host.Android?.postMessage === 'function') {
    host.Android.postMessage(message);
    return true;
  }
  if (typeof host.ReactNativeWebView?.postMessage === 'function') {
    host.ReactNativeWebView.postMessage(message);
    return true;
  }
  const ios = host.webkit?.messageHandlers?.iosHandler;
  if (typeof ios?.postMessage === 'function') {
    ios.postMessage(result);
    return true;
  }
  return false;
}
