// The loop of Go's starvation-mode experiment on Go's own sync.Mutex. mutexlab writes this file into a work folder and
// builds it with `go build -overlay`, which swaps in a copy of the toolchain's mutex source whose
// starvation threshold is a variable (see dev.mutexlab.lab.gotoolchain.MutexPatch), so one binary runs
// the default mutex, forced handoff (-threshold 0) and no starvation mode (-threshold max int64).
//
// W goroutines on GOMAXPROCS = P each loop: lock; busy for hold; unlock; [runtime.Gosched() with
// -gosched]; busy outside. Busy work is the Java workload's xorshift chain, calibrated the same way
// (the fastest of 40 batches of 200 000 steps after a warm-up). One run prints one JSON object.
package main

import (
	"encoding/json"
	"flag"
	"math/bits"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

const (
	phaseWarmup  = 0
	phaseMeasure = 1
	phaseStop    = 2
)

var sink uint64

func spin(x uint64, steps int64) uint64 {
	for i := int64(0); i < steps; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
	}
	return x
}

func calibrate() float64 {
	seed := uint64(time.Now().UnixNano()) | 1
	for i := 0; i < 20000; i++ {
		seed = spin(seed, 1000)
	}
	const steps = 200000
	best := 1e18
	for i := 0; i < 40; i++ {
		t0 := time.Now()
		seed = spin(seed, steps)
		if d := float64(time.Since(t0).Nanoseconds()) / steps; d < best {
			best = d
		}
	}
	sink = seed
	return 1 / best
}

// histogram: values below 64 exactly, above in 32 linear sub-buckets per power of two (about 3%).
type histogram struct {
	counts [64 * 32]int64
	max    int64
}

func bucket(v int64) int {
	if v < 64 {
		return int(v)
	}
	e := 63 - bits.LeadingZeros64(uint64(v)) // 6..62
	sub := (v >> (e - 5)) & 31
	return 64 + (e-6)*32 + int(sub)
}

func bucketLow(i int) int64 {
	if i < 64 {
		return int64(i)
	}
	e := (i-64)/32 + 6
	sub := int64((i - 64) % 32)
	return (32 + sub) << (e - 5)
}

func (h *histogram) record(v int64) {
	if v < 0 {
		v = 0
	}
	h.counts[bucket(v)]++
	if v > h.max {
		h.max = v
	}
}

type result struct {
	GoVersion           string     `json:"goVersion"`
	Procs               int        `json:"procs"`
	Workers             int        `json:"workers"`
	HoldNanos           int64      `json:"holdNanos"`
	OutsideNanos        int64      `json:"outsideNanos"`
	ThresholdNanos      int64      `json:"thresholdNanos"`
	Gosched             bool       `json:"gosched"`
	StepsPerNano        float64    `json:"stepsPerNano"`
	WallNanos           int64      `json:"wallNanos"`
	CPUNanos            int64      `json:"cpuNanos"`
	VoluntarySwitches   int64      `json:"voluntarySwitches"`
	InvoluntarySwitches int64      `json:"involuntarySwitches"`
	PerWorker           []int64    `json:"perWorker"`
	Waits               [][2]int64 `json:"waits"`
}

func rusage() (cpu, vol, invol int64) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, 0, 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), int64(ru.Nvcsw), int64(ru.Nivcsw)
}

func main() {
	procs := flag.Int("procs", 1, "GOMAXPROCS")
	workers := flag.Int("workers", 4, "goroutines")
	hold := flag.Int64("hold", 10000, "busy nanoseconds under the lock")
	outside := flag.Int64("outside", 10000, "busy nanoseconds outside the lock")
	warmup := flag.Duration("warmup", 100*time.Millisecond, "unmeasured warm-up")
	duration := flag.Duration("duration", 400*time.Millisecond, "measured time")
	threshold := flag.Int64("threshold", 1000000, "starvation threshold in nanoseconds")
	gosched := flag.Bool("gosched", false, "runtime.Gosched() after every Unlock")
	stepsPerNano := flag.Float64("steps-per-nano", 0, "busy-work rate (0: calibrate)")
	flag.Parse()

	runtime.GOMAXPROCS(*procs)
	sync.MutexlabSetStarvationThresholdNs(*threshold)
	rate := *stepsPerNano
	if rate <= 0 {
		rate = calibrate()
	}
	holdSteps := int64(float64(*hold)*rate + 0.5)
	outsideSteps := int64(float64(*outside)*rate + 0.5)

	var mu sync.Mutex
	var phase int32
	// A wait is recorded if it began in the measured window or ended in it: one that began in
	// the warm-up and lasted into the window belongs to the window's tail. windowStart is the
	// window's start in nanoseconds since base, stored before phase turns phaseMeasure.
	base := time.Now()
	var windowStart int64
	var done sync.WaitGroup
	counts := make([]int64, *workers)
	hists := make([]*histogram, *workers)
	for w := 0; w < *workers; w++ {
		hists[w] = &histogram{}
		done.Add(1)
		go func(w int) {
			defer done.Done()
			h := hists[w]
			seed := uint64(w+1)*0x9E3779B97F4A7C15 | 1
			var n int64
			for {
				p := atomic.LoadInt32(&phase)
				if p == phaseStop {
					break
				}
				asked := time.Now()
				mu.Lock()
				acquired := time.Now()
				waited := acquired.Sub(asked).Nanoseconds()
				seed = spin(seed, holdSteps)
				mu.Unlock()
				if *gosched {
					runtime.Gosched()
				}
				if p == phaseMeasure {
					n++
				}
				if p == phaseMeasure || atomic.LoadInt32(&phase) != phaseWarmup &&
					acquired.Sub(base).Nanoseconds() >= atomic.LoadInt64(&windowStart) {
					h.record(waited)
				}
				seed = spin(seed, outsideSteps)
			}
			counts[w] = n
			atomic.AddUint64(&sink, seed)
		}(w)
	}
	time.Sleep(*warmup)
	cpu0, vol0, invol0 := rusage()
	start := time.Now()
	atomic.StoreInt64(&windowStart, start.Sub(base).Nanoseconds())
	atomic.StoreInt32(&phase, phaseMeasure)
	time.Sleep(*duration)
	atomic.StoreInt32(&phase, phaseStop)
	wall := time.Since(start).Nanoseconds()
	cpu1, vol1, invol1 := rusage()
	done.Wait()

	var merged histogram
	for _, h := range hists {
		for i, c := range h.counts {
			merged.counts[i] += c
		}
		if h.max > merged.max {
			merged.max = h.max
		}
	}
	waits := [][2]int64{}
	for i, c := range merged.counts {
		if c > 0 {
			waits = append(waits, [2]int64{bucketLow(i), c})
		}
	}
	if len(waits) > 0 {
		waits[len(waits)-1][0] = merged.max
	}
	out := result{runtime.Version(), *procs, *workers, *hold, *outside, *threshold, *gosched, rate, wall,
		cpu1 - cpu0, vol1 - vol0, invol1 - invol0, counts, waits}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		os.Exit(1)
	}
}
