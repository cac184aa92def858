/**
 * Paint first, then load the app (docs/ARCHITECTURE.md "Storefront speed"). The server render
 * holds back the page's module scripts: React Router's `<link rel="modulepreload">`s and its module
 * `<script>` are written with a type and a rel the browser does not act on, and a small inline script
 * (DEFERRED_BOOT_SCRIPT) turns them back on once the first frame has been painted. On a phone's
 * slow network the stylesheet, the HTML and the first-screen image then have the bandwidth to
 * themselves, and the hundred-odd KB of React and React Router follow a frame later instead of
 * delaying the first paint. Without JavaScript nothing changes: the page is server-rendered.
 */

/** The type the page's module script is written with until the first paint. */
export const DEFERRED_MODULE_TYPE = 'text/x-codiroom-module';
/** The rel the module preloads are written with until the first paint. */
export const DEFERRED_PRELOAD_REL = 'x-codiroom-modulepreload';

const PRELOAD = /(<link\b[^>]*?\brel=")modulepreload(")/g;
const MODULE = /(<script\b[^>]*?\btype=")module(")/g;

/** Rewrites the module preloads and module scripts among the complete tags of a stretch of HTML. */
export function deferModuleTags(html: string): string {
  return html.replace(PRELOAD, `$1${DEFERRED_PRELOAD_REL}$2`).replace(MODULE, `$1${DEFERRED_MODULE_TYPE}$2`);
}

/**
 * deferModuleTags over streamed HTML: a tag cut between two chunks is held back until its end
 * arrives, so no tag is ever rewritten in halves.
 */
export function createModuleTagDeferrer(): { push(text: string): string; flush(): string } {
  let carry = '';
  return {
    push(text) {
      const all = carry + text;
      const open = all.lastIndexOf('<');
      if (open === -1 || all.indexOf('>', open) !== -1) {
        carry = '';
        return deferModuleTags(all);
      }
      carry = all.slice(open);
      return deferModuleTags(all.slice(0, open));
    },
    flush() {
      const rest = deferModuleTags(carry);
      carry = '';
      return rest;
    },
  };
}

/**
 * Module preloads re-added per task: each one starts a request, 1.5 to 2.5 ms of main-thread work
 * in Lighthouse's traces on this machine (four times that on the phone it simulates), so the
 * eighteen of a product grid page at once made one task long enough to count as blocking time.
 * React Router lists the entry and the framework first, so they start in the first task, beside
 * the module script.
 */
export const PRELOADS_PER_TASK = 2;

/**
 * The inline script that loads the app after the first paint: once the browser reports its first
 * contentful paint (or, where paint timing is missing, after the first animation frame), it re-adds
 * the module preloads (PRELOADS_PER_TASK a task) and runs the held-back module script with the nonce of the page's
 * Content-Security-Policy. A tab opened in the background (no paint) loads it once the document is
 * parsed, and a page that never reports a paint a second after its load event.
 */
export const DEFERRED_BOOT_SCRIPT = `(function(){var T='${DEFERRED_MODULE_TYPE}',P='${DEFERRED_PRELOAD_REL}',B=${PRELOADS_PER_TASK},S='script[type="'+T+'"]',started=false,o=null;function boot(){var s=document.querySelector(S);if(started||!s)return;started=true;window.__codiroomBootAt=performance.now();var l=document.querySelectorAll('link[rel="'+P+'"]');function add(i){for(var j=i;j<i+B&&j<l.length;j++){var p=document.createElement('link');p.rel='modulepreload';p.href=l[j].getAttribute('href');document.head.appendChild(p)}if(j<l.length)setTimeout(function(){add(j)},0)}add(0);var m=document.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;s.parentNode.replaceChild(m,s)}function go(){if(document.querySelector(S))boot();else document.addEventListener('DOMContentLoaded',boot)}try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0){o=new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}});o.observe({type:'paint',buffered:true})}}catch(e){o=null}if(!o)requestAnimationFrame(function(){setTimeout(go,0)});document.addEventListener('DOMContentLoaded',function(){if(document.visibilityState==='hidden')boot()});addEventListener('load',function(){setTimeout(boot,1000)})})()`;
