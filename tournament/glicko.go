package tournament

import "math"

// Glicko-2 defaults from Glickman, "Example of the Glicko-2 system".
const (
	DefaultRating     = 1500.0
	DefaultRD         = 350.0
	DefaultVolatility = 0.06
	DefaultTau        = 0.5 // system constant: how fast volatility may change

	glickoScale   = 173.7178 // Glicko ↔ Glicko-2 scale factor
	glickoEpsilon = 0.000001 // convergence tolerance of the volatility iteration
	maxVolIter    = 100      // bound on the volatility iteration, never reached in practice
)

// Rating is a player's Glicko-2 rating on the Glicko scale (1500 ± RD).
type Rating struct {
	Rating     float64 `json:"rating"`
	RD         float64 `json:"rd"`
	Volatility float64 `json:"volatility"`
}

// NewRating returns the rating of a new player: 1500, RD 350, volatility 0.06.
func NewRating() Rating {
	return Rating{Rating: DefaultRating, RD: DefaultRD, Volatility: DefaultVolatility}
}

// ProvisionalRD is the deviation above which a rating is provisional, as
// lichess marks it ("1500?"): its first games still move it by hundreds.
const ProvisionalRD = 110.0

// Provisional reports whether the rating is still provisional.
func (r Rating) Provisional() bool { return r.RD > ProvisionalRD }

// Valid reports whether the rating can enter an update.
func (r Rating) Valid() bool {
	return r.RD > 0 && r.Volatility > 0 && !math.IsNaN(r.Rating) && !math.IsInf(r.Rating, 0) &&
		!math.IsInf(r.RD, 0) && !math.IsInf(r.Volatility, 0)
}

// Outcome is one game of a rating period: the opponent's rating before the
// period and the score (1 win, 0.5 draw, 0 loss).
type Outcome struct {
	Opponent Rating  `json:"opponent"`
	Score    float64 `json:"score"`
}

// Glicko2 computes Glicko-2 updates. The zero value uses DefaultTau.
type Glicko2 struct {
	Tau   float64 // system constant, typically 0.3..1.2
	MaxRD float64 // cap on RD growth through inactivity; 0 means DefaultRD
}

func (g Glicko2) tau() float64 {
	if g.Tau > 0 {
		return g.Tau
	}
	return DefaultTau
}

// Update returns the player's rating after a rating period with the given
// games (steps 1-8 of Glickman's paper). For an update after every game, pass
// that one game. With no games only the RD grows (step 6).
func (g Glicko2) Update(r Rating, games []Outcome) (Rating, error) {
	if !r.Valid() {
		return r, ErrRatingInput
	}
	for _, o := range games {
		if !o.Opponent.Valid() || !(o.Score >= 0 && o.Score <= 1) {
			return r, ErrRatingInput
		}
	}
	mu := (r.Rating - DefaultRating) / glickoScale
	phi := r.RD / glickoScale
	if len(games) == 0 {
		phiStar := math.Sqrt(phi*phi + r.Volatility*r.Volatility)
		return Rating{Rating: r.Rating, RD: phiStar * glickoScale, Volatility: r.Volatility}, nil
	}

	// Steps 3 and 4: estimated variance v and improvement Δ.
	var vInv, sum float64
	for _, o := range games {
		muJ := (o.Opponent.Rating - DefaultRating) / glickoScale
		gJ := glickoG(o.Opponent.RD / glickoScale)
		e := 1 / (1 + math.Exp(-gJ*(mu-muJ)))
		vInv += gJ * gJ * e * (1 - e)
		sum += gJ * (o.Score - e)
	}
	v := 1 / vInv
	delta := v * sum

	// Step 5: new volatility by the Illinois algorithm.
	sigma := g.volatility(r.Volatility, phi, v, delta)

	// Steps 6-8.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Rating{
		Rating:     muNew*glickoScale + DefaultRating,
		RD:         phiNew * glickoScale,
		Volatility: sigma,
	}, nil
}

// UpdatePair rates one game between a and b, where scoreA is a's score;
// both updates use the ratings from before the game.
func (g Glicko2) UpdatePair(a, b Rating, scoreA float64) (Rating, Rating, error) {
	na, err := g.Update(a, []Outcome{{Opponent: b, Score: scoreA}})
	if err != nil {
		return a, b, err
	}
	nb, err := g.Update(b, []Outcome{{Opponent: a, Score: 1 - scoreA}})
	if err != nil {
		return a, b, err
	}
	return na, nb, nil
}

// Idle grows the RD for rating periods without games (step 6 repeated),
// capped at MaxRD (default 350) so a long absence means "unknown", no more.
func (g Glicko2) Idle(r Rating, periods int) Rating {
	maxRD := g.MaxRD
	if maxRD <= 0 {
		maxRD = DefaultRD
	}
	if !r.Valid() {
		return r
	}
	phi := r.RD / glickoScale
	for range periods {
		phi = math.Sqrt(phi*phi + r.Volatility*r.Volatility)
		if phi*glickoScale >= maxRD {
			break
		}
	}
	r.RD = min(phi*glickoScale, max(maxRD, r.RD))
	return r
}

func glickoG(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// volatility solves step 5 of the paper for σ'.
func (g Glicko2) volatility(sigma, phi, v, delta float64) float64 {
	tau := g.tau()
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 && k < maxVolIter {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > glickoEpsilon && i < maxVolIter; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
