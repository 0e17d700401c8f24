"""A small learning loop on the batched stepper: REINFORCE with a linear softmax policy.

Seat 0 of One Poker learns against a uniformly random seat 1, from ``n`` deals stepped
together by ``cardcore.vector``; everything but the game is numpy. Run:
``python examples/vector_reinforce.py [--steps N]``: it trains, then plays the learned policy
(greedy) and a random policy against the random seat 1 on the same fresh deals and prints the
mean chips a deal of each with a 95% interval.
"""

from __future__ import annotations

import argparse

import numpy as np

import cardcore

GAME = "onepoker"


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Row-wise softmax over the legal ids (``mask``), zero elsewhere (a row with no legal id,
    a game that just ended, gets the softmax over all ids: it is not read)."""
    mask = mask | ~mask.any(axis=1, keepdims=True)
    z = np.where(mask, logits, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    p = np.exp(z)
    return p / p.sum(axis=1, keepdims=True)


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal id a row of ``mask``."""
    noise = rng.random(mask.shape) * mask
    return noise.argmax(axis=1)


def train(steps: int = 3000, n: int = 256, lr: float = 0.05, seed: int = 0):
    """REINFORCE for seat 0 against a random seat 1; returns the weights ``(W, b)``."""
    rng = np.random.default_rng(seed)
    v = cardcore.vector(GAME, n, seed=seed)
    na, nobs = v.num_distinct_actions, int(np.prod(v.observation_shape))
    W, b = np.zeros((nobs, na)), np.zeros(na)
    # each game's decisions of seat 0 in its current deal: (observation, probabilities, id)
    trace: list[list[tuple[np.ndarray, np.ndarray, int]]] = [[] for _ in range(n)]
    baseline = 0.0
    for _ in range(steps):
        obs, mask = v.observation.reshape(n, -1), v.legal_mask
        probs = masked_softmax(obs @ W + b, mask)
        learner = v.current_player == 0
        draw = (rng.random((n, 1)) < probs.cumsum(axis=1)).argmax(axis=1)
        acts = np.where(learner, draw, random_legal(mask, rng))
        for i in np.flatnonzero(learner):
            trace[i].append((obs[i].copy(), probs[i], int(acts[i])))
        v.step(acts)
        for i in np.flatnonzero(v.terminated):
            g = v.rewards[i, 0] / 20.0
            for o, p, a in trace[i]:
                grad = -p
                grad[a] += 1.0
                W += lr * (g - baseline) * np.outer(o, grad)
                b += lr * (g - baseline) * grad
            baseline += 0.01 * (g - baseline)
            trace[i] = []
    return W, b


def evaluate(policy, deals: int = 4000, seed: int = 10**6) -> tuple[float, float]:
    """Seat 0 playing ``policy(obs, mask) -> ids`` against a random seat 1 over ``deals`` fresh
    deals: the mean chips a deal and the half-width of its 95% interval."""
    rng = np.random.default_rng(seed)
    n = 256
    v = cardcore.vector(GAME, n, seed=seed)
    results: list[float] = []
    while len(results) < deals:
        obs, mask = v.observation.reshape(n, -1), v.legal_mask
        acts = np.where(v.current_player == 0, policy(obs, mask), random_legal(mask, rng))
        v.step(acts)
        results.extend(v.rewards[v.terminated, 0].tolist())
    r = np.array(results[:deals])
    return float(r.mean()), float(1.96 * r.std(ddof=1) / np.sqrt(len(r)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=3000, help="batch steps of training")
    args = ap.parse_args(argv)
    W, b = train(args.steps)
    greedy = lambda obs, mask: np.where(mask, obs @ W + b, -np.inf).argmax(axis=1)  # noqa: E731
    rng = np.random.default_rng(1)
    rand = lambda obs, mask: random_legal(mask, rng)  # noqa: E731
    for name, policy in (("learned", greedy), ("random", rand)):
        mean, half = evaluate(policy)
        print(f"{name:8s} seat 0 against a random seat 1: {mean:+.2f} chips a deal "
              f"(95% interval {mean - half:+.2f} to {mean + half:+.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
