// /listener: the page the sign-in widget opens in its iframe (spec 000 §2).
import { boot } from './boot.tsx';

boot('listener');
