// /authorize: the login link's target and the OAuth authorization endpoint (spec 000 §2).
import { boot } from './boot.tsx';

boot('authorize');
